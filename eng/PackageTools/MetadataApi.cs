using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;
using System.Text;

namespace FastText.PackageTools;

/// <summary>One type or member of an assembly: its documentation comment ID, whether a package user can see it,
/// and a one-line description of its shape for the API snapshot.</summary>
internal sealed record ApiEntry(string DocumentationId, bool IsVisible, string Shape);

/// <summary>Reads every type and member of an assembly from its metadata (System.Reflection.Metadata: nothing is
/// loaded or executed, so the netstandard2.0 and net8.0 builds read the same way on any runtime).</summary>
internal static class MetadataApi
{
    public static List<ApiEntry> Read(string assemblyPath)
    {
        using var stream = File.OpenRead(assemblyPath);
        using var pe = new PEReader(stream);
        return Read(pe.GetMetadataReader());
    }

    public static List<ApiEntry> Read(MetadataReader reader)
    {
        var entries = new List<ApiEntry>();
        var ids = new DocumentationIdTypeProvider(reader);
        foreach (var typeHandle in reader.TypeDefinitions)
        {
            var type = reader.GetTypeDefinition(typeHandle);
            string typeName = ids.GetTypeDefinitionName(typeHandle);
            if (typeName == "<Module>") continue;
            bool typeVisible = IsTypeVisible(reader, type);
            entries.Add(new ApiEntry("T:" + typeName, typeVisible, DescribeType(reader, ids, type)));

            foreach (var fieldHandle in type.GetFields())
            {
                var field = reader.GetFieldDefinition(fieldHandle);
                bool visible = typeVisible && IsVisibleAccess((int)(field.Attributes & FieldAttributes.FieldAccessMask));
                string name = reader.GetString(field.Name);
                if ((field.Attributes & FieldAttributes.RTSpecialName) != 0) continue; // an enum's value__
                var shape = new StringBuilder(field.DecodeSignature(ids, null));
                if ((field.Attributes & FieldAttributes.Literal) != 0) shape.Append(" const");
                else
                {
                    if ((field.Attributes & FieldAttributes.Static) != 0) shape.Append(" static");
                    if ((field.Attributes & FieldAttributes.InitOnly) != 0) shape.Append(" readonly");
                }
                if (!field.GetDefaultValue().IsNil) shape.Append(" = ").Append(ReadConstant(reader, field.GetDefaultValue()));
                entries.Add(new ApiEntry("F:" + typeName + "." + name, visible, shape.ToString()));
            }

            var methodVisibility = new Dictionary<MethodDefinitionHandle, bool>();
            foreach (var methodHandle in type.GetMethods())
            {
                var method = reader.GetMethodDefinition(methodHandle);
                bool visible = typeVisible && IsVisibleAccess((int)(method.Attributes & MethodAttributes.MemberAccessMask));
                methodVisibility[methodHandle] = visible;
                var signature = method.DecodeSignature(ids, null);
                string name = reader.GetString(method.Name).Replace('.', '#');
                int arity = method.GetGenericParameters().Count;
                var id = new StringBuilder("M:").Append(typeName).Append('.').Append(name);
                if (arity > 0) id.Append("``").Append(arity);
                AppendParameters(id, signature.ParameterTypes);
                if (name is "op_Implicit" or "op_Explicit") id.Append('~').Append(signature.ReturnType);
                entries.Add(new ApiEntry(id.ToString(), visible, DescribeMethod(reader, method, signature)));
            }

            foreach (var propertyHandle in type.GetProperties())
            {
                var property = reader.GetPropertyDefinition(propertyHandle);
                var accessors = property.GetAccessors();
                bool getter = IsAccessorVisible(methodVisibility, accessors.Getter);
                bool setter = IsAccessorVisible(methodVisibility, accessors.Setter);
                var signature = property.DecodeSignature(ids, null);
                var id = new StringBuilder("P:").Append(typeName).Append('.').Append(reader.GetString(property.Name).Replace('.', '#'));
                AppendParameters(id, signature.ParameterTypes);
                string setKind = setter && IsInitOnly(reader, accessors.Setter) ? "init" : "set";
                string shape = signature.ReturnType + " {" + (getter ? " get;" : "") + (setter ? " " + setKind + ";" : "") + " }";
                entries.Add(new ApiEntry(id.ToString(), getter || setter, shape));
            }

            foreach (var eventHandle in type.GetEvents())
            {
                var @event = reader.GetEventDefinition(eventHandle);
                var accessors = @event.GetAccessors();
                bool visible = IsAccessorVisible(methodVisibility, accessors.Adder) || IsAccessorVisible(methodVisibility, accessors.Remover);
                entries.Add(new ApiEntry("E:" + typeName + "." + reader.GetString(@event.Name).Replace('.', '#'), visible, "event"));
            }
        }
        return entries;
    }

    private static string DescribeType(MetadataReader reader, DocumentationIdTypeProvider ids, TypeDefinition type)
    {
        var attributes = type.Attributes;
        var parts = new List<string>();
        string baseType = type.BaseType.IsNil ? "" : ids.GetTypeName(type.BaseType);
        bool isInterface = (attributes & TypeAttributes.Interface) != 0;
        string kind = isInterface ? "interface"
            : baseType == "System.Enum" ? "enum"
            : baseType == "System.ValueType" ? "struct"
            : baseType == "System.MulticastDelegate" ? "delegate"
            : "class";
        if (kind == "class" && (attributes & TypeAttributes.Abstract) != 0 && (attributes & TypeAttributes.Sealed) != 0) parts.Add("static");
        else if (kind == "class" && (attributes & TypeAttributes.Abstract) != 0) parts.Add("abstract");
        else if (kind == "class" && (attributes & TypeAttributes.Sealed) != 0) parts.Add("sealed");
        if (kind == "struct" && HasAttribute(reader, type.GetCustomAttributes(), "System.Runtime.CompilerServices.IsReadOnlyAttribute")) parts.Add("readonly");
        if (kind == "struct" && HasAttribute(reader, type.GetCustomAttributes(), "System.Runtime.CompilerServices.IsByRefLikeAttribute")) parts.Add("ref");
        parts.Add(kind);
        var generics = type.GetGenericParameters().Select(h => DescribeGenericParameter(reader, ids, reader.GetGenericParameter(h))).ToList();
        var bases = new List<string>();
        if (kind == "class" && baseType != "System.Object") bases.Add(baseType);
        bases.AddRange(type.GetInterfaceImplementations()
            .Select(h => ids.GetTypeName(reader.GetInterfaceImplementation(h).Interface))
            .Order(StringComparer.Ordinal));
        return string.Join(" ", parts)
            + (generics.Count > 0 ? "<" + string.Join(", ", generics) + ">" : "")
            + (bases.Count > 0 ? " : " + string.Join(", ", bases) : "");
    }

    private static string DescribeGenericParameter(MetadataReader reader, DocumentationIdTypeProvider ids, GenericParameter parameter)
    {
        var text = new StringBuilder();
        var attributes = parameter.Attributes;
        if ((attributes & GenericParameterAttributes.Covariant) != 0) text.Append("out ");
        if ((attributes & GenericParameterAttributes.Contravariant) != 0) text.Append("in ");
        text.Append(reader.GetString(parameter.Name));
        var constraints = new List<string>();
        if ((attributes & GenericParameterAttributes.ReferenceTypeConstraint) != 0) constraints.Add("class");
        if ((attributes & GenericParameterAttributes.NotNullableValueTypeConstraint) != 0) constraints.Add("struct");
        if ((attributes & GenericParameterAttributes.DefaultConstructorConstraint) != 0) constraints.Add("new()");
        if ((attributes & (GenericParameterAttributes)0x0020) != 0) constraints.Add("allows ref struct");
        constraints.AddRange(parameter.GetConstraints().Select(h => ids.GetTypeName(reader.GetGenericParameterConstraint(h).Type)));
        if (HasAttribute(reader, parameter.GetCustomAttributes(), "System.Runtime.CompilerServices.IsUnmanagedAttribute")) constraints.Add("unmanaged");
        if (constraints.Count > 0) text.Append(" : ").Append(string.Join(", ", constraints));
        return text.ToString();
    }

    private static string DescribeMethod(MetadataReader reader, MethodDefinition method, MethodSignature<string> signature)
    {
        var parts = new List<string>();
        var attributes = method.Attributes;
        if ((attributes & MethodAttributes.Static) != 0) parts.Add("static");
        if ((attributes & MethodAttributes.Abstract) != 0) parts.Add("abstract");
        else if ((attributes & MethodAttributes.Virtual) != 0 && (attributes & MethodAttributes.Final) == 0) parts.Add("virtual");
        if (HasAttribute(reader, method.GetCustomAttributes(), "System.Runtime.CompilerServices.IsReadOnlyAttribute")) parts.Add("readonly");
        var parameters = new string[signature.ParameterTypes.Length];
        for (int i = 0; i < parameters.Length; i++) parameters[i] = signature.ParameterTypes[i];
        foreach (var handle in method.GetParameters())
        {
            var parameter = reader.GetParameter(handle);
            int index = parameter.SequenceNumber - 1;
            if (index < 0 || index >= parameters.Length) continue;
            var text = new StringBuilder();
            if ((parameter.Attributes & ParameterAttributes.Out) != 0 && parameters[index].EndsWith('@')) text.Append("out ");
            else if (parameters[index].EndsWith('@') && HasAttribute(reader, parameter.GetCustomAttributes(), "System.Runtime.CompilerServices.IsReadOnlyAttribute")) text.Append("in ");
            if (HasAttribute(reader, parameter.GetCustomAttributes(), "System.Runtime.CompilerServices.ScopedRefAttribute")) text.Insert(0, "scoped ");
            if (HasAttribute(reader, parameter.GetCustomAttributes(), "System.ParamArrayAttribute")) text.Append("params ");
            if (HasAttribute(reader, parameter.GetCustomAttributes(), "System.Runtime.CompilerServices.InterpolatedStringHandlerArgumentAttribute")) text.Append("[handler-argument] ");
            text.Append(parameters[index]).Append(' ').Append(reader.GetString(parameter.Name));
            if ((parameter.Attributes & ParameterAttributes.HasDefault) != 0) text.Append(" = ").Append(ReadConstant(reader, parameter.GetDefaultValue()));
            else if ((parameter.Attributes & ParameterAttributes.Optional) != 0) text.Append(" = default");
            parameters[index] = text.ToString();
        }
        int arity = method.GetGenericParameters().Count;
        var ids = new DocumentationIdTypeProvider(reader);
        string generics = arity == 0 ? "" : "<" + string.Join(", ", method.GetGenericParameters().Select(h => DescribeGenericParameter(reader, ids, reader.GetGenericParameter(h)))) + ">";
        return (parts.Count > 0 ? string.Join(" ", parts) + " " : "") + signature.ReturnType + " " + reader.GetString(method.Name) + generics + "(" + string.Join(", ", parameters) + ")";
    }

    private static bool IsInitOnly(MetadataReader reader, MethodDefinitionHandle setter)
    {
        var blob = reader.GetBlobReader(reader.GetMethodDefinition(setter).Signature);
        var decoder = new SignatureDecoder<string, object?>(new ModifierSpotter(reader), reader, null);
        return decoder.DecodeMethodSignature(ref blob).ReturnType.Contains("IsExternalInit", StringComparison.Ordinal);
    }

    private static string ReadConstant(MetadataReader reader, ConstantHandle handle)
    {
        if (handle.IsNil) return "default";
        var constant = reader.GetConstant(handle);
        var blob = reader.GetBlobReader(constant.Value);
        object? value = constant.TypeCode switch
        {
            ConstantTypeCode.Boolean => blob.ReadBoolean(),
            ConstantTypeCode.Char => "'" + blob.ReadChar() + "'",
            ConstantTypeCode.SByte => blob.ReadSByte(),
            ConstantTypeCode.Byte => blob.ReadByte(),
            ConstantTypeCode.Int16 => blob.ReadInt16(),
            ConstantTypeCode.UInt16 => blob.ReadUInt16(),
            ConstantTypeCode.Int32 => blob.ReadInt32(),
            ConstantTypeCode.UInt32 => blob.ReadUInt32(),
            ConstantTypeCode.Int64 => blob.ReadInt64(),
            ConstantTypeCode.UInt64 => blob.ReadUInt64(),
            ConstantTypeCode.Single => blob.ReadSingle(),
            ConstantTypeCode.Double => blob.ReadDouble(),
            ConstantTypeCode.String => "\"" + blob.ReadUTF16(blob.Length) + "\"",
            _ => "null",
        };
        return Convert.ToString(value, System.Globalization.CultureInfo.InvariantCulture) ?? "null";
    }

    private static bool HasAttribute(MetadataReader reader, CustomAttributeHandleCollection attributes, string fullName)
    {
        foreach (var handle in attributes)
        {
            var constructor = reader.GetCustomAttribute(handle).Constructor;
            EntityHandle typeHandle = constructor.Kind switch
            {
                HandleKind.MemberReference => reader.GetMemberReference((MemberReferenceHandle)constructor).Parent,
                HandleKind.MethodDefinition => reader.GetMethodDefinition((MethodDefinitionHandle)constructor).GetDeclaringType(),
                _ => default,
            };
            string name = typeHandle.Kind switch
            {
                HandleKind.TypeReference => reader.GetString(reader.GetTypeReference((TypeReferenceHandle)typeHandle).Namespace) + "." + reader.GetString(reader.GetTypeReference((TypeReferenceHandle)typeHandle).Name),
                HandleKind.TypeDefinition => reader.GetString(reader.GetTypeDefinition((TypeDefinitionHandle)typeHandle).Namespace) + "." + reader.GetString(reader.GetTypeDefinition((TypeDefinitionHandle)typeHandle).Name),
                _ => "",
            };
            if (name == fullName) return true;
        }
        return false;
    }

    private static void AppendParameters(StringBuilder id, IReadOnlyList<string> parameters)
    {
        if (parameters.Count == 0) return;
        id.Append('(').Append(string.Join(",", parameters)).Append(')');
    }

    private static bool IsAccessorVisible(Dictionary<MethodDefinitionHandle, bool> visibility, MethodDefinitionHandle accessor) =>
        !accessor.IsNil && visibility.TryGetValue(accessor, out bool visible) && visible;

    // Field and method access masks share their values (1 private, 2 private protected, 3 internal, 4 protected,
    // 5 protected internal, 6 public): public, protected and protected internal are part of the public API.
    private static bool IsVisibleAccess(int access) => access is 4 or 5 or 6;

    private static bool IsTypeVisible(MetadataReader reader, TypeDefinition type) =>
        (type.Attributes & TypeAttributes.VisibilityMask) switch
        {
            TypeAttributes.Public => true,
            TypeAttributes.NestedPublic or TypeAttributes.NestedFamily or TypeAttributes.NestedFamORAssem =>
                IsTypeVisible(reader, reader.GetTypeDefinition(type.GetDeclaringType())),
            _ => false,
        };

    /// <summary>Decodes a signature keeping custom modifiers visible, to spot init-only setters (modreq IsExternalInit).</summary>
    private sealed class ModifierSpotter(MetadataReader reader) : DocumentationIdTypeProvider(reader)
    {
        public override string GetModifiedType(string modifier, string unmodifiedType, bool isRequired) => unmodifiedType + " modreq(" + modifier + ")";
    }
}
