// The test sources linked in (references, recording pool) are written against the test projects' global usings.
global using System;
global using System.Collections.Generic;
global using System.Linq;
global using System.Text;
