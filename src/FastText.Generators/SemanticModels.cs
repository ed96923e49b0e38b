using System.Collections.Generic;
using Microsoft.CodeAnalysis;

namespace FastText.Generators;

/// <summary>
/// One semantic model per syntax tree for a generator run. A model keeps what it has bound, so the calls of one method,
/// the initializer of a field that many calls read, and the references to a field are each bound once; a model per
/// question would bind them again every time.
/// </summary>
internal sealed class SemanticModels(Compilation compilation)
{
    private readonly Dictionary<SyntaxTree, SemanticModel> _models = [];

    public Compilation Compilation { get; } = compilation;

    public SemanticModel For(SyntaxTree tree)
    {
        if (!_models.TryGetValue(tree, out SemanticModel? model))
        {
            model = Compilation.GetSemanticModel(tree);
            _models.Add(tree, model);
        }

        return model;
    }
}
