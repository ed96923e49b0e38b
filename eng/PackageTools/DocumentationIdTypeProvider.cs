using System;
using System.Collections.Immutable;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Reflection.Metadata;
using System.Text;

namespace FastText.PackageTools;

/// <summary>Spells types the way documentation comment IDs do: System.Int32, System.Span{System.Char},
/// Outer`1.Inner, `0 (a type's generic parameter), ``0 (a method's), [], *, @ (by reference).</summary>
internal class DocumentationIdTypeProvider(MetadataReader reader) : ISignatureTypeProvider<string, object?>
{
    public string GetTypeDefinitionName(TypeDefinitionHandle handle)
    {
        var type = reader.GetTypeDefinition(handle);
        string name = reader.GetString(type.Name);
        if (type.IsNested) return GetTypeDefinitionName(type.GetDeclaringType()) + "." + name;
        string ns = reader.GetString(type.Namespace);
        return ns.Length == 0 ? name : ns + "." + name;
    }

    public string GetTypeName(EntityHandle handle) => handle.Kind switch
    {
        HandleKind.TypeDefinition => GetTypeDefinitionName((TypeDefinitionHandle)handle),
        HandleKind.TypeReference => GetTypeReferenceName((TypeReferenceHandle)handle),
        HandleKind.TypeSpecification => reader.GetTypeSpecification((TypeSpecificationHandle)handle).DecodeSignature(this, null),
        _ => throw new InvalidDataException("Unexpected type handle " + handle.Kind),
    };

    private string GetTypeReferenceName(TypeReferenceHandle handle)
    {
        var type = reader.GetTypeReference(handle);
        string name = reader.GetString(type.Name);
        if (type.ResolutionScope.Kind == HandleKind.TypeReference)
            return GetTypeReferenceName((TypeReferenceHandle)type.ResolutionScope) + "." + name;
        string ns = reader.GetString(type.Namespace);
        return ns.Length == 0 ? name : ns + "." + name;
    }

    public string GetPrimitiveType(PrimitiveTypeCode typeCode) => "System." + typeCode switch
    {
        PrimitiveTypeCode.IntPtr => "IntPtr",
        PrimitiveTypeCode.UIntPtr => "UIntPtr",
        _ => typeCode.ToString(),
    };

    public string GetTypeFromDefinition(MetadataReader metadata, TypeDefinitionHandle handle, byte rawTypeKind) => GetTypeDefinitionName(handle);
    public string GetTypeFromReference(MetadataReader metadata, TypeReferenceHandle handle, byte rawTypeKind) => GetTypeReferenceName(handle);
    public string GetTypeFromSpecification(MetadataReader metadata, object? genericContext, TypeSpecificationHandle handle, byte rawTypeKind) =>
        metadata.GetTypeSpecification(handle).DecodeSignature(this, genericContext);

    public string GetGenericInstantiation(string genericType, ImmutableArray<string> typeArguments)
    {
        // A nested generic type carries its outer types' arguments too: Outer`1.Inner`1 with [A, B] is Outer{A}.Inner{B}.
        var parts = genericType.Split('.');
        var result = new StringBuilder();
        int next = 0;
        for (int i = 0; i < parts.Length; i++)
        {
            if (i > 0) result.Append('.');
            string part = parts[i];
            int tick = part.IndexOf('`', StringComparison.Ordinal);
            if (tick < 0) { result.Append(part); continue; }
            int arity = int.Parse(part.AsSpan(tick + 1), CultureInfo.InvariantCulture);
            result.Append(part, 0, tick).Append('{').Append(string.Join(",", typeArguments.Skip(next).Take(arity))).Append('}');
            next += arity;
        }
        return result.ToString();
    }

    public string GetGenericTypeParameter(object? genericContext, int index) => "`" + index.ToString(CultureInfo.InvariantCulture);
    public string GetGenericMethodParameter(object? genericContext, int index) => "``" + index.ToString(CultureInfo.InvariantCulture);
    public string GetSZArrayType(string elementType) => elementType + "[]";
    public string GetArrayType(string elementType, ArrayShape shape) =>
        elementType + "[" + string.Join(",", Enumerable.Repeat("0:", shape.Rank)) + "]";
    public string GetPointerType(string elementType) => elementType + "*";
    public string GetByReferenceType(string elementType) => elementType + "@";
    public string GetPinnedType(string elementType) => elementType;
    public virtual string GetModifiedType(string modifier, string unmodifiedType, bool isRequired) => unmodifiedType;
    public string GetFunctionPointerType(MethodSignature<string> signature) =>
        "=FUNC:" + signature.ReturnType + "(" + string.Join(",", signature.ParameterTypes) + ")";
}
