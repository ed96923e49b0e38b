using System.Globalization;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace FastText.Generators.Tests.Differential;

/// <summary>
/// A random C# program around KeyShape calls, written from a seed: shapes declared in every legal way (containers,
/// modifiers, [ThreadStatic], several declarators, factory and part spellings, literals of every char class in every
/// constant form, named arguments in any order, placeholder formats and parts the generator leaves alone), fields
/// written or taken by reference in every way C# has (or only read), and Build, TryFormat and TryFormatUtf8 calls
/// from static and instance methods, lambdas, local functions, generic methods, properties, the shape's own type,
/// static initializers that run before the field's, and other threads. <c>Entry.Run(texts, guids, numbers)</c> runs
/// every call on those values, each TryFormat at every destination length, and returns a transcript of the results
/// and exceptions. <see cref="ExpectedInterception"/> says which calls the generator's rules take.
/// </summary>
internal sealed class RandomProgram
{
    private static readonly LanguageVersion[] Versions =
        [LanguageVersion.CSharp12, LanguageVersion.CSharp13, LanguageVersion.CSharp14, LanguageVersion.Latest, LanguageVersion.Preview];

    private static readonly NullableContextOptions[] NullableOptions =
        [NullableContextOptions.Enable, NullableContextOptions.Disable, NullableContextOptions.Annotations, NullableContextOptions.Warnings];

    // Literal pieces of every char class: ASCII, quotes and backslashes, braces, controls, non-ASCII, surrogate pairs
    // and lone surrogates of both kinds.
    private static readonly string[] LiteralTokens =
    [
        "a", "Z", "0", "9", ":", "/", "-", ".", "_", " ", "=", "key", "v", "|", "#",
        "{", "}", "{{", "}}", "{0}", "\"", "\\", "'",
        "\0", "\t", "\n", "\r", "\u007F", "\u0085", "\u00A0",
        "\u00E9", "\u00DF", "\u0130", "\u03A3", "\u4E2D", "\uFFFD", "\uFEFF", "\u2028",
        "\U0001F600", "\U00010400", "\uD83D\uDE00",
        "\uD800", "\uDBFF", "\uDC00", "\uDFFF",
    ];

    // Every mutation but a write through a pointer, which skips the GC's write barrier and can corrupt the heap at run
    // time (KeyShapeGeneratorTests compiles that one).
    private static readonly Mutation[] Mutations = [.. Enum.GetValues<Mutation>().Where(m => m is not (Mutation.None or Mutation.AddressOf))];

    private const string Usings = """
        using System;
        using System.Runtime.CompilerServices;
        using System.Text;
        using System.Threading;
        using FastText;
        using FastText.Generators.Tests.Differential;
        using KS = FastText.KeyShape;

        """;

    private readonly Random _random;
    private readonly List<Container> _containers = [];
    private readonly List<Site> _sites = [];
    private readonly List<string> _runLines = [];
    private readonly StringBuilder _sitesClass = new();
    private readonly StringBuilder _instanceSites = new();
    private readonly StringBuilder _topLevel = new();
    private int _names;

    private RandomProgram(int seed)
    {
        Seed = seed;
        _random = new Random(seed);
        Version = Versions[_random.Next(Versions.Length)];
        Nullable = NullableOptions[_random.Next(NullableOptions.Length)];
        Namespace = _random.Next(3) == 0 ? null : "Gen" + seed.ToString(CultureInfo.InvariantCulture);
    }

    public int Seed { get; }

    public LanguageVersion Version { get; }

    public NullableContextOptions Nullable { get; }

    public string? Namespace { get; }

    public IReadOnlyList<string> Sources { get; private set; } = [];

    /// <summary>Each KeyShape call of the program, by the member it is written in, and whether the generator's rules
    /// take it (true) or leave it to the library (false).</summary>
    public IReadOnlyDictionary<string, bool> ExpectedInterception => _sites.ToDictionary(s => s.Name, s => s.Intercepted);

    /// <summary>The text parts' value slots: <c>Entry.Run</c> takes this many texts, Guids and numbers.</summary>
    public const int Slots = 6;

    public static RandomProgram Write(int seed)
    {
        var program = new RandomProgram(seed);
        program.WriteAll();
        return program;
    }

    private string NewName(string prefix) => prefix + (++_names).ToString(CultureInfo.InvariantCulture);

    /// <summary>An optional argument's value that leaves the argument out.</summary>
    private const string Omitted = "";

    private bool Chance(int percent) => _random.Next(100) < percent;

    private T Pick<T>(params T[] items) => items[_random.Next(items.Length)];

    // ---- the model -------------------------------------------------------------------------------------------------

    private enum ContainerKind
    {
        StaticClass,
        PartialStaticClass,
        Class,
        Struct,
        Record,
        RecordStruct,
        Interface,
        Nested,
        Generic,
    }

    private sealed class Container(ContainerKind kind, string name, bool annotated)
    {
        public ContainerKind Kind { get; } = kind;

        public string Name { get; } = name;

        public bool Annotated { get; } = annotated;

        /// <summary>Fields private to the type: its calls are then written in the type itself.</summary>
        public bool PrivateFields { get; set; }

        public List<ShapeModel> Shapes { get; } = [];

        /// <summary>Members in order: fields (shapes, probes, helpers) and methods.</summary>
        public List<string> Members { get; } = [];

        public List<string> StaticConstructor { get; } = [];

        /// <summary>Members of the second part of a partial type (in another file).</summary>
        public List<string> OtherPart { get; } = [];

        public List<string> OtherPartConstructor { get; } = [];

        /// <summary>A partial type has one static constructor, in either part.</summary>
        public bool ConstructorInOtherPart { get; set; }

        public bool CanHoldSites => Kind is ContainerKind.StaticClass or ContainerKind.PartialStaticClass or ContainerKind.Class or ContainerKind.Nested or ContainerKind.Generic;

        public bool CanBeThreadStatic => CanHoldSites;

        /// <summary>The closed types the program uses (a generic holder at int and at string).</summary>
        public string[] Instantiations(string? ns)
        {
            string prefix = ns is null ? string.Empty : ns + ".";
            return Kind switch
            {
                ContainerKind.Nested => [prefix + "Outer" + Name + "." + Name],
                ContainerKind.Generic => [prefix + Name + "<int>", prefix + Name + "<string>"],
                _ => [prefix + Name],
            };
        }

        /// <summary>How code outside the type names it; a generic holder in a generic method names T.</summary>
        public string Access(bool genericContext, Random random) => Kind switch
        {
            ContainerKind.Nested => "Outer" + Name + "." + Name,
            ContainerKind.Generic => Name + (genericContext ? "<T>" : random.Next(2) == 0 ? "<int>" : "<string>"),
            _ => Name,
        };
    }

    private enum Method
    {
        Build,
        TryFormat,
        TryFormatUtf8,
    }

    private sealed class Site(string name, ShapeModel shape, Method method, bool intercepted)
    {
        public string Name { get; } = name;

        public ShapeModel Shape { get; } = shape;

        public Method Method { get; } = method;

        public bool Intercepted { get; } = intercepted;
    }

    // ---- writing ---------------------------------------------------------------------------------------------------

    private void WriteAll()
    {
        string declarationsDirective = FileDirective();
        string sitesDirective = FileDirective();
        bool declarationsAnnotated = Annotated(declarationsDirective);
        bool usingStatic = Chance(30);

        int containers = 1 + _random.Next(3);
        for (int c = 0; c < containers; c++)
        {
            var kind = (ContainerKind)_random.Next(Enum.GetValues<ContainerKind>().Length);
            var container = new Container(kind, kind == ContainerKind.Interface ? NewName("IKeys") : NewName(kind == ContainerKind.Generic ? "Holder" : "Keys"), declarationsAnnotated);
            container.PrivateFields = container.CanHoldSites && Chance(15);
            container.ConstructorInOtherPart = kind == ContainerKind.PartialStaticClass && Chance(50);
            _containers.Add(container);
            int shapes = 1 + _random.Next(3);
            for (int s = 0; s < shapes; s++)
            {
                AddShape(container);
            }
        }

        foreach (Container container in _containers)
        {
            foreach (ShapeModel shape in container.Shapes)
            {
                int calls = 2 + _random.Next(5);
                for (int i = 0; i < calls; i++)
                {
                    AddSite(container, shape, usingStatic);
                }
            }
        }

        string usings = Usings;
        string namespaceLine = Namespace is null ? string.Empty : "namespace " + Namespace + ";\n\n";

        var declarations = new StringBuilder(declarationsDirective).Append(usings).Append(namespaceLine);
        var otherParts = new StringBuilder();
        foreach (Container container in _containers)
        {
            declarations.Append(Declaration(container, otherPart: false));
            if (container.Kind == ContainerKind.PartialStaticClass)
            {
                otherParts.Append(Declaration(container, otherPart: true));
            }
        }

        declarations.Append(_topLevel);

        var sites = new StringBuilder(sitesDirective).Append(usings);
        if (usingStatic)
        {
            foreach (Container container in _containers.Where(c => c.Kind != ContainerKind.Generic))
            {
                sites.Append("using static ").Append(Namespace is null ? string.Empty : "global::" + Namespace + ".").Append(container.Access(false, _random)).AppendLine(";");
            }
        }

        sites.Append(namespaceLine)
            .AppendLine("public static class Sites").AppendLine("{").Append(_sitesClass).AppendLine("}").AppendLine()
            .AppendLine("public sealed class InstanceSites").AppendLine("{").Append(_instanceSites).AppendLine("}").AppendLine()
            .Append(otherParts);

        Sources = [declarations.ToString(), sites.ToString(), EntryFile()];
    }

    private string FileDirective() => _random.Next(4) switch
    {
        0 => "#nullable enable\n",
        1 => "#nullable disable\n",
        _ => string.Empty,
    };

    private bool Annotated(string directive) =>
        directive.Length > 0 ? directive.Contains("enable", StringComparison.Ordinal) : Nullable is NullableContextOptions.Enable or NullableContextOptions.Annotations;

    private void AddShape(Container container)
    {
        // A twin declared in the same declaration as the previous shape needs the same type.
        ShapeModel? previous = container.Shapes.LastOrDefault();
        bool twin = previous is not null && !previous.ThreadStatic && Chance(15);
        int arity = twin ? previous!.Parts.Count : 1 + Math.Min(_random.Next(6), _random.Next(6));
        var parts = new List<PartModel>();
        for (int i = 0; i < arity; i++)
        {
            PartKind kind = twin ? SameTypeKind(previous!.Parts[i].Kind) : RandomPartKind();
            char guidFormat = kind == PartKind.Guid ? Pick('N', 'D', 'B', 'P', 'X') : '\0';
            parts.Add(new PartModel(kind, guidFormat));
        }

        bool isJoin = Chance(45);
        List<string> literals;
        if (isJoin)
        {
            string separator = RandomLiteral();
            literals = [Chance(50) ? RandomLiteral() : string.Empty];
            literals.AddRange(Enumerable.Repeat(separator, arity - 1));
            literals.Add(Chance(50) ? RandomLiteral() : string.Empty);
        }
        else
        {
            literals = [.. Enumerable.Range(0, arity + 1).Select(_ => RandomLiteral())];
        }

        var shape = new ShapeModel(NewName("Shape"), isJoin, parts, literals);
        if (!isJoin && Chance(10))
        {
            int index = _random.Next(arity);
            shape.PlaceholderFormats[index] = parts[index].Kind is PartKind.Int32 or PartKind.Int64 or PartKind.PaddedInt32 or PartKind.Guid;
        }

        shape.NonConstantLiteral = Chance(5);
        shape.ThreadStatic = !twin && container.CanBeThreadStatic && Chance(20);
        shape.Mutation = Chance(30) ? Mutations[_random.Next(Mutations.Length)] : Mutation.None;

        // A probe that calls the shape from a static initializer running before the field's (so it sees null), or after.
        bool probeFirst = Chance(20);
        string? probe = probeFirst || Chance(10) ? Probe(container, shape) : null;
        if (probeFirst)
        {
            container.Members.Add(probe!);
        }

        string type = shape.Type(container.Annotated, Pick("KeyShape", "FastText.KeyShape", "global::FastText.KeyShape"));
        string initializer = Factory(container, shape, shape.Literals);
        if (twin && container.Members.Count > 0 && container.Members[^1].StartsWith("TWIN:", StringComparison.Ordinal))
        {
            container.Members[^1] = container.Members[^1].Replace(";\n", ",\n        " + shape.Field + " = " + initializer + ";\n", StringComparison.Ordinal);
        }
        else
        {
            string modifiers = container.PrivateFields ? Pick("private static readonly", "static readonly", "private readonly static")
                : Pick("public static readonly", "static public readonly", "public readonly static", "internal static readonly");
            if (container.Kind == ContainerKind.Interface)
            {
                modifiers = modifiers.Replace("private ", "public ", StringComparison.Ordinal);
            }

            string attribute = shape.ThreadStatic ? Pick("[ThreadStatic] ", "[System.ThreadStatic]\n    ") : string.Empty;
            container.Members.Add("TWIN:    " + attribute + modifiers + " " + type + " " + shape.Field + " = " + initializer + ";\n");
        }

        if (probe is not null && !probeFirst)
        {
            container.Members.Add(probe);
        }

        container.Shapes.Add(shape);
        AddMutation(container, shape);
        AddReads(container, shape);
    }

    private PartKind RandomPartKind() => _random.Next(20) switch
    {
        < 5 => PartKind.Text,
        < 11 => PartKind.Guid,
        < 14 => PartKind.Int32,
        < 17 => PartKind.Int64,
        17 => PartKind.LoweredText,
        18 => PartKind.TextWithRulesField,
        _ => PartKind.PaddedInt32,
    };

    private PartKind SameTypeKind(PartKind kind) => kind switch
    {
        PartKind.Text or PartKind.LoweredText or PartKind.TextWithRulesField => Pick(PartKind.Text, PartKind.Text, PartKind.LoweredText),
        PartKind.Int32 or PartKind.PaddedInt32 => Pick(PartKind.Int32, PartKind.Int32, PartKind.PaddedInt32),
        _ => kind,
    };

    private string RandomLiteral()
    {
        int tokens = _random.Next(6) == 0 ? 0 : 1 + _random.Next(5);
        var literal = new StringBuilder();
        for (int i = 0; i < tokens; i++)
        {
            literal.Append(LiteralTokens[_random.Next(LiteralTokens.Length)]);
        }

        return literal.ToString();
    }

    /// <summary>The factory call that declares <paramref name="shape"/> with <paramref name="literals"/>.</summary>
    private string Factory(Container container, ShapeModel shape, IReadOnlyList<string> literals)
    {
        // A shape with a literal that is not a constant has at least one: its template or separator.
        bool nonConstant = shape.NonConstantLiteral;
        string Literal(string value)
        {
            if (nonConstant || (shape.NonConstantLiteral && Chance(30)))
            {
                nonConstant = false;
                string name = NewName("Text");
                container.Members.Insert(0, "    public static readonly string " + name + " = " + CSharpLiteral.Escaped(value, false) + ";\n");
                return name;
            }

            return CSharpLiteral.Expression(value, _random, DeclareConst(container));
        }

        var arguments = new List<(string Name, string Value, bool Optional)>();
        if (shape.IsJoin)
        {
            arguments.Add(("separator", Literal(shape.Parts.Count > 1 ? literals[1] : RandomLiteral()), false));
        }
        else
        {
            var template = new StringBuilder();
            for (int i = 0; i < literals.Count; i++)
            {
                template.Append(literals[i].Replace("{", "{{", StringComparison.Ordinal).Replace("}", "}}", StringComparison.Ordinal));
                if (i < shape.Parts.Count)
                {
                    template.Append('{').Append(i.ToString(CultureInfo.InvariantCulture));
                    if (shape.PlaceholderFormats[i])
                    {
                        template.Append(shape.Parts[i].Kind == PartKind.Guid ? ":N" : ":D3");
                    }

                    template.Append('}');
                }
            }

            arguments.Add(("template", Literal(template.ToString()), false));
        }

        for (int i = 0; i < shape.Parts.Count; i++)
        {
            arguments.Add(("part" + (i + 1).ToString(CultureInfo.InvariantCulture), Part(container, shape.Parts[i]), false));
        }

        if (shape.IsJoin)
        {
            // An empty prefix or suffix is written as nothing, null or "".
            arguments.Add(("prefix", literals[0].Length == 0 && Chance(60) ? Pick(Omitted, "null", "\"\"") : Literal(literals[0]), true));
            arguments.Add(("suffix", literals[^1].Length == 0 && Chance(60) ? Pick(Omitted, "null", "\"\"") : Literal(literals[^1]), true));
        }

        string typeArguments = Chance(15) ? "<" + string.Join(", ", shape.Parts.Select(p => p.ValueType(container.Annotated))) + ">" : string.Empty;
        string factory = Pick("KeyShape", "KeyShape", "FastText.KeyShape", "global::FastText.KeyShape", "KS");
        return factory + "." + (shape.IsJoin ? "Join" : "Format") + typeArguments + "(" + ArgumentList(arguments) + ")";
    }

    private Func<string, string> DeclareConst(Container container) => literal =>
    {
        string name = NewName("Const");
        container.Members.Insert(0, "    public const string " + name + " = " + literal + ";\n");
        return name;
    };

    private string Part(Container container, PartModel part)
    {
        string keyPart = Pick("KeyPart", "KeyPart", "FastText.KeyPart", "global::FastText.KeyPart");
        string name = CSharpLiteral.Escaped(Pick("id", "tenant", "n", "part", "{0}", "\u00E9", "a\"b"), false);
        string rules = Pick("KeyTextRules.None", "FastText.KeyTextRules.None");
        switch (part.Kind)
        {
            case PartKind.Text:
                return keyPart + ".Text(" + ArgumentList([("name", name, false), ("rules", rules, false)]) + ")";
            case PartKind.LoweredText:
                return keyPart + ".Text(" + ArgumentList([("name", name, false), ("rules", rules + ".ToLowerInvariant()", false)]) + ")";
            case PartKind.TextWithRulesField:
            {
                string field = NewName("Rules");
                container.Members.Insert(0, "    public static readonly KeyTextRules " + field + " = KeyTextRules.None;\n");
                return keyPart + ".Text(" + ArgumentList([("name", name, false), ("rules", field, false)]) + ")";
            }

            case PartKind.Guid:
            {
                string format = part.GuidFormat == 'D' && Chance(40)
                    ? Pick(Omitted, "null", "\"\"", "default")
                    : CSharpLiteral.Escaped(Chance(50) ? part.GuidFormat.ToString() : char.ToLowerInvariant(part.GuidFormat).ToString(), false);
                return keyPart + ".Guid(" + ArgumentList([("name", name, false), ("format", format, true)]) + ")";
            }

            case PartKind.PaddedInt32:
                return keyPart + ".Int32(" + ArgumentList([("name", name, false), ("format", "\"D4\"", false)]) + ")";
            default:
            {
                string format = Pick(Omitted, Omitted, "null", "default");
                return keyPart + "." + part.Kind + "(" + ArgumentList([("name", name, false), ("format", format, true)]) + ")";
            }
        }
    }

    /// <summary>Arguments in one of the orders C# takes: all positional, or a positional prefix and the rest named in
    /// any order. An optional argument whose value is empty is left out (only where the remaining ones are named, or
    /// at the end).</summary>
    private string ArgumentList(List<(string Name, string Value, bool Optional)> arguments)
    {
        int positional = Chance(50) ? arguments.Count : _random.Next(arguments.Count + 1);
        var written = new List<string>();
        for (int i = 0; i < positional; i++)
        {
            if (arguments[i].Value.Length == 0)
            {
                // Left out: every later argument is named.
                positional = i;
                break;
            }

            written.Add(arguments[i].Value);
        }

        var named = arguments.Skip(positional).Where(a => a.Value.Length > 0).OrderBy(_ => _random.Next()).ToList();
        written.AddRange(named.Select(a => a.Name + ": " + a.Value));
        return string.Join(", ", written);
    }

    /// <summary>A static field whose initializer calls the shape: before the shape's own initializer it sees null.</summary>
    private string Probe(Container container, ShapeModel shape)
    {
        var method = (Method)_random.Next(3);
        string name = NewName("Early");
        bool intercepted = Intercepted(shape, method, fieldReceiver: true);
        _sites.Add(new Site(name, shape, method, intercepted));
        string arguments = string.Join(", ", shape.Parts.Select(ConstantValue));
        string receiver = Pick(shape.Field, container.Kind == ContainerKind.Generic ? shape.Field : container.Access(false, _random).Replace("<int>", "<T>", StringComparison.Ordinal).Replace("<string>", "<T>", StringComparison.Ordinal) + "." + shape.Field);
        string call = method switch
        {
            Method.Build => "() => " + receiver + ".Build(" + arguments + ")",
            Method.TryFormat => "() => { Span<char> destination = stackalloc char[4096]; bool done = " + receiver + ".TryFormat(" + arguments + ", destination, out int written); return Probe.Chars(done, written, destination); }",
            _ => "() => { Span<byte> destination = stackalloc byte[8192]; bool done = " + receiver + ".TryFormatUtf8(" + arguments + ", destination, out int written); return Probe.Bytes(done, written, destination); }",
        };
        foreach (string type in container.Instantiations(Namespace))
        {
            _runLines.Add($"        Harness.Line(log, \"{name} {type}\", () => global::{type}.{name});");
        }

        return "    public static readonly string " + name + " = Probe.Run(" + call + ");\n";
    }

    private static string ConstantValue(PartModel part) => part.Slot switch
    {
        'T' => "\"probe\"",
        'G' => "Guid.Empty",
        _ => part.Kind == PartKind.Int64 ? "-1L" : "-1",
    };

    private static bool Intercepted(ShapeModel shape, Method method, bool fieldReceiver) =>
        fieldReceiver && shape.Interceptable && (method != Method.TryFormatUtf8 || shape.EncodesPieceByPiece);

    private void AddMutation(Container container, ShapeModel shape)
    {
        if (shape.Mutation == Mutation.None)
        {
            return;
        }

        string field = Pick(shape.Field, "(" + shape.Field + ")");
        string other = Factory(container, shape, shape.MutatedLiterals);
        string type = shape.Type(container.Annotated);
        string name = NewName("Slot");
        List<string> constructor = container.ConstructorInOtherPart ? container.OtherPartConstructor : container.StaticConstructor;
        switch (shape.Mutation)
        {
            case Mutation.Assign:
                constructor.Add($"{field} = {other};");
                break;
            case Mutation.ParenthesizedAssign:
                constructor.Add($"({shape.Field}) = {other};");
                break;
            case Mutation.Deconstruct:
                constructor.Add($"({field}, _) = ({other}, 0);");
                break;
            case Mutation.NestedDeconstruct:
                constructor.Add($"(({field}, _), _) = (({other}, 0), 1);");
                break;
            case Mutation.DeconstructWithDeclaration:
                constructor.Add($"({field}, var {name}) = ({other}, 0);");
                break;
            case Mutation.RefLocal:
                constructor.Add($"ref var {name} = ref {field}; {name} = {other};");
                break;
            case Mutation.RefReadonlyLocalWrittenThroughUnsafe:
                constructor.Add($"ref readonly var {name} = ref {field}; Unsafe.AsRef(in {name}) = {other};");
                break;
            case Mutation.RefConditional:
                constructor.Add($"bool pick{name} = true; ref var {name} = ref pick{name} ? ref {field} : ref {shape.Field}; {name} = {other};");
                break;
            case Mutation.RefReadonlyReturnWrittenThroughUnsafe:
                container.Members.Add($"    private static ref readonly {type} {name}() => ref {field};\n");
                constructor.Add($"Unsafe.AsRef(in {name}()) = {other};");
                break;
            case Mutation.CoalesceAssign:
                constructor.Add($"{field} ??= {other};");
                break;
            case Mutation.OutArgument:
                container.Members.Add($"    private static void {name}(out {type} shape) => shape = {other};\n");
                constructor.Add($"{name}(out {field});");
                break;
            case Mutation.RefArgument:
                container.Members.Add($"    private static void {name}(ref {type} shape) => shape = {other};\n");
                constructor.Add($"{name}(ref {field});");
                break;
            case Mutation.InterlockedExchange:
                constructor.Add($"Interlocked.Exchange(ref {field}, {other});");
                break;
            case Mutation.VolatileWrite:
                constructor.Add($"Volatile.Write(ref {field}, {other});");
                break;
            case Mutation.InArgumentWrittenThroughUnsafe:
                constructor.Add($"Unsafe.AsRef(in {field}) = {other};");
                break;
            case Mutation.InParameterWithoutKeyword:
                constructor.Add($"Refs.Writable({field}) = {other};");
                break;
            case Mutation.MakeRef:
                constructor.Add($"TypedReference {name} = __makeref({field}); __refvalue({name}, {type}) = {other};");
                break;
            case Mutation.OtherFieldInitializer:
                container.Members.Add($"    public static readonly bool {name} = ({field} = {other}) is not null;\n");
                break;
            case Mutation.OperatorInParameter:
                _topLevel.Append($"public sealed class Box{name}\n{{\n    public static Box{name} operator +(in {type} shape, Box{name} box) => box;\n}}\n\n");
                constructor.Add($"_ = {field} + new Box{name}();");
                break;
        }
    }

    /// <summary>Reads of the field that must leave it interceptable: as a value, by name, in a tuple, as a method
    /// group, and a local of the same name that is written.</summary>
    private void AddReads(Container container, ShapeModel shape)
    {
        if (!Chance(40))
        {
            return;
        }

        string name = NewName("Read");
        container.Members.Add(_random.Next(6) switch
        {
            0 => $"    public static object {name}() => {shape.Field};\n",
            1 => $"    public const string {name} = nameof({shape.Field});\n",
            2 => $"    public static bool {name}() => {shape.Field} is null || ({shape.Field}) == null || {shape.Field}?.ToString() is null;\n",
            3 => $"    public static object {name}() {{ var (first, second) = ({shape.Field}, 1); return (first, second); }}\n",
            4 => $"    public static object {name}() {{ var build = {shape.Field}.Build; GC.KeepAlive(build); return build; }}\n",
            _ => $"    public static object {name}() {{ object {shape.Field} = 1; {shape.Field} = 2; return {shape.Field}; }}\n",
        });
    }

    private void AddSite(Container container, ShapeModel shape, bool usingStatic)
    {
        var method = (Method)_random.Next(3);
        string name = NewName("Site");
        bool inContainer = container.PrivateFields || (container.CanHoldSites && Chance(15));
        bool generic = !inContainer && Chance(15);

        // The receiver: the field in one of its spellings, or (left to the library) a copy, a property or ?.
        int form = _random.Next(20);
        bool fieldReceiver = form < 17;
        string access = container.Access(generic, _random);
        string qualified = access + "." + shape.Field;
        string receiver = form switch
        {
            < 6 => qualified,
            < 9 when inContainer || (usingStatic && container.Kind != ContainerKind.Generic) => shape.Field,
            < 9 => qualified,
            < 12 => "(" + qualified + ")",
            < 14 when Namespace is not null => "global::" + Namespace + "." + qualified,
            < 16 => qualified + "!",
            < 17 => qualified,
            17 => "copy",
            18 when method == Method.Build => qualified + "?",
            _ => "copy",
        };
        if (inContainer && receiver != "copy")
        {
            receiver = receiver.Replace(access + ".", string.Empty, StringComparison.Ordinal).Replace("global::" + Namespace + ".", string.Empty, StringComparison.Ordinal);
        }

        string? copy = receiver == "copy" ? (inContainer ? shape.Field : qualified) : null;
        _sites.Add(new Site(name, shape, method, Intercepted(shape, method, fieldReceiver)));

        var values = shape.Parts.Select((p, i) => p.Slot switch
        {
            'T' => $"V.T[{i}]",
            'G' => $"V.G[{i}]",
            _ => p.Kind == PartKind.Int64 ? $"V.N[{i}]" : $"(int)V.N[{i}]",
        }).ToList();
        var arguments = values.Select((v, i) => ("value" + (i + 1).ToString(CultureInfo.InvariantCulture), v, false)).ToList();
        string call = method switch
        {
            Method.Build => receiver + ".Build(" + ArgumentList(arguments) + ")",
            Method.TryFormat => receiver + ".TryFormat(" + ArgumentList([.. arguments, ("destination", "destination", false), ("charsWritten", "out written", false)]) + ")",
            _ => receiver + ".TryFormatUtf8(" + ArgumentList([.. arguments, ("destination", "destination", false), ("bytesWritten", "out written", false)]) + ")",
        };
        if (receiver.EndsWith('?'))
        {
            call = "(" + call + " ?? \"null\")";
        }

        string body = copy is null ? call : call.Replace("copy.", "local.", StringComparison.Ordinal);
        string parameters = method switch
        {
            Method.Build => "()",
            Method.TryFormat => "(Span<char> destination, out int written)",
            _ => "(Span<byte> destination, out int written)",
        };
        string returnType = method == Method.Build ? "string" : "bool";
        string delegateType = method switch
        {
            Method.Build => "BuildSite",
            Method.TryFormat => "CharSite",
            _ => "ByteSite",
        };
        string forward = method == Method.Build ? "()" : "(destination, out written)";
        string typeArguments = generic ? "<T>" : string.Empty;

        // Where the call is written.
        string member;
        int context = copy is not null ? 1 : _random.Next(8);
        string block = copy is null ? string.Empty : $"var local = {copy}; ";
        switch (context)
        {
            case 0:
                member = $"public static {returnType} {name}{typeArguments}{parameters} => {body};";
                break;
            case 1:
                member = $"public static {returnType} {name}{typeArguments}{parameters} {{ {block}var result = {body}; return result; }}";
                break;
            case 2 when !generic:
                member = $"public static readonly {delegateType} {name} = {parameters} => {body};";
                break;
            case 3:
                member = $"public static {returnType} {name}{typeArguments}{parameters} {{ return Local{forward}; {Pick("static ", string.Empty)}{returnType} Local{parameters} => {body}; }}";
                break;
            case 4:
                member = $"public static {returnType} {name}{typeArguments}{parameters} {{ {delegateType} lambda = {parameters} => {body}; return lambda{forward}; }}";
                break;
            case 5 when method == Method.Build && !generic:
                member = $"public static string {name} => {body};";
                break;
            case 6 when !inContainer && !generic:
                member = $"public {returnType} {name}{parameters} => {body};";
                break;
            default:
                member = $"public static {returnType} {name}{typeArguments}{parameters} => {body};";
                break;
        }

        bool instance = member.StartsWith("public " + returnType + " " + name, StringComparison.Ordinal);
        bool property = member.StartsWith("public static string " + name + " =>", StringComparison.Ordinal);
        string target;
        if (inContainer)
        {
            (container.Kind == ContainerKind.PartialStaticClass && Chance(50) ? container.OtherPart : container.Members).Add("    " + member.Replace("public ", "internal ", StringComparison.Ordinal) + "\n");
            target = container.Access(false, _random) + "." + name;
        }
        else if (instance)
        {
            _instanceSites.Append("    ").AppendLine(member);
            target = "new InstanceSites()." + name;
        }
        else
        {
            _sitesClass.Append("    ").AppendLine(member);
            target = "Sites." + name + (generic ? Pick("<int>", "<string>") : string.Empty);
        }

        if (property)
        {
            target = "() => " + target;
        }

        string onThread = Chance(15) ? "true" : "false";
        string textLengths = string.Join(" + ", shape.Parts.Select((p, i) => p.IsText ? $"Harness.Length(V.T[{i}])" : null).OfType<string>().DefaultIfEmpty("0"));
        int literalChars = shape.MaxFixedChars;
        _runLines.Add(method switch
        {
            Method.Build => $"        Harness.Build(log, \"{name}\", {target}, {onThread});",
            Method.TryFormat => $"        Harness.Chars(log, \"{name}\", {literalChars + 1} + {textLengths}, {target}, {onThread});",
            _ => $"        Harness.Bytes(log, \"{name}\", {3 * literalChars + 1} + 3 * ({textLengths}), {target}, {onThread});",
        });
    }

    private string Declaration(Container container, bool otherPart)
    {
        var code = new StringBuilder();
        string keyword = container.Kind switch
        {
            ContainerKind.StaticClass or ContainerKind.Nested => "public static class",
            ContainerKind.PartialStaticClass => "public static partial class",
            ContainerKind.Class => Pick("public class", "public sealed class"),
            ContainerKind.Struct => Pick("public struct", "public readonly struct"),
            ContainerKind.Record => "public record",
            ContainerKind.RecordStruct => "public record struct",
            ContainerKind.Interface => "public interface",
            _ => "public static class",
        };
        string typeParameters = container.Kind == ContainerKind.Generic ? "<T>" : string.Empty;
        string indent = string.Empty;
        if (container.Kind == ContainerKind.Nested)
        {
            code.Append("public static class Outer").Append(container.Name).AppendLine().AppendLine("{");
            indent = "    ";
        }

        code.Append(indent).Append(keyword).Append(' ').Append(container.Name).Append(typeParameters).AppendLine().Append(indent).AppendLine("{");
        IEnumerable<string> members = otherPart ? container.OtherPart : container.Members;
        foreach (string member in members)
        {
            string text = member.StartsWith("TWIN:", StringComparison.Ordinal) ? member.Substring(5) : member;
            code.Append(indent).Append(text);
        }

        List<string> statements = otherPart ? container.OtherPartConstructor : container.StaticConstructor;
        if (statements.Count > 0)
        {
            code.Append(indent).Append("    static ").Append(container.Name).AppendLine("()")
                .Append(indent).AppendLine("    {");
            foreach (string statement in statements)
            {
                code.Append(indent).Append("        ").AppendLine(statement);
            }

            code.Append(indent).AppendLine("    }");
        }

        code.Append(indent).AppendLine("}");
        if (container.Kind == ContainerKind.Nested)
        {
            code.AppendLine("}");
        }

        return code.AppendLine().ToString();
    }

    /// <summary>The values the calls read and Entry.Run, which runs every call through <see cref="ProgramHarness"/>
    /// (compiled once, in this test assembly, and referenced by every program).</summary>
    private string EntryFile()
    {
        var initialize = new StringBuilder();
        foreach (Container container in _containers)
        {
            foreach (string type in container.Instantiations(Namespace))
            {
                initialize.AppendLine($"        Harness.Line(log, \"init {type}\", () => {{ RuntimeHelpers.RunClassConstructor(typeof(global::{type}).TypeHandle); return \"done\"; }});");
            }
        }

        string namespaceLine = Namespace is null ? string.Empty : "namespace " + Namespace + ";\n\n";
        return "#nullable enable\n" + Usings + namespaceLine + """
            public static class V
            {
                public static string?[] T = [];
                public static Guid[] G = [];
                public static long[] N = [];
            }

            public static class Entry
            {
                public static string Run(string?[] texts, Guid[] guids, long[] numbers)
                {
                    V.T = texts;
                    V.G = guids;
                    V.N = numbers;
                    var log = new StringBuilder();

            """ + initialize + string.Join("\n", _runLines) + """

                    return log.ToString();
                }
            }

            """;
    }
}
