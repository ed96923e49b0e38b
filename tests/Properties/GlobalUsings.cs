global using System;
global using System.Collections.Generic;
global using System.Linq;
global using System.Text;
