using System;
using FastText.Internal;

namespace FastText;

/// <summary>
/// Declares composite keys once (parts, literals, per-part normalization) and builds them many times, each build
/// allocating only the returned string: every part is measured exactly, the string is allocated at that length and
/// the parts are written straight into it (string.Create on net8.0; a stack or pooled buffer copied once on
/// netstandard2.0).
/// </summary>
/// <remarks>
/// <para>Absent optional parts (<see cref="KeyPart.Optional{T}(KeyPart{T})"/> or <see cref="KeyPart.OptionalText"/>
/// given null) follow the shape's kind:</para>
/// <list type="bullet">
/// <item><b>Join</b> (paths): an absent part is omitted together with the separator in front of it, and the first present
/// part never gets a separator, so a key has no empty segment. Two absent-or-present parts next to each other are
/// therefore not told apart (<c>(5, null)</c> and <c>(null, 5)</c> both give <c>5</c>).</item>
/// <item><b>Format</b> (templates): the literals are labels and are always written, exactly as string.Format writes
/// them; an absent part writes nothing between its labels (<c>"t={0};u={1}"</c> gives <c>t=5;u=</c> and
/// <c>t=;u=5</c>). When the literal between every two parts contains a char the part before it never writes (a
/// digit-free label after a number, a label char outside a text part's <see cref="KeyTextRules.Allow"/> set), two
/// builds give the same key only if every part wrote the same text (an absent part writes none; numbers, Guids and
/// dates never write empty text). docs/keys.md has the argument and the limits.</item>
/// </list>
/// <para>The prefix and suffix are always written.</para>
/// </remarks>
public static class KeyShape
{
    /// <summary>A shape whose parts are joined by <paramref name="separator"/>, between an optional prefix and suffix.</summary>
    /// <typeparam name="T1">The type of part 1's value.</typeparam>
    /// <param name="separator">The literal between two present parts, e.g. "/"; an absent part drops the one in front of it.</param>
    /// <param name="part1">Part 1.</param>
    /// <param name="prefix">Literal text the key starts with.</param>
    /// <param name="suffix">Literal text the key ends with, e.g. ".json".</param>
    /// <returns>The shape.</returns>
    public static KeyShape<T1> Join<T1>(string separator, KeyPart<T1> part1, string? prefix = null, string? suffix = null)
    {
        ThrowIfNull(part1, nameof(part1));
        return new KeyShape<T1>(KeyLayout.Join(separator, 1, prefix, suffix), part1);
    }

    /// <summary>A shape written from a template such as <c>"tenant:{0}:user:{1}:v{2}"</c>.</summary>
    /// <typeparam name="T1">The type of part 1's value.</typeparam>
    /// <param name="template">Literal text with the placeholders {0}..{0}, each once and in order; "{{" and "}}" are literal braces; a placeholder may carry its part's format, e.g. {0:D8} or {1:yyyyMMdd}. Every literal is written; an absent part writes nothing between its labels.</param>
    /// <param name="part1">Part 1.</param>
    /// <returns>The shape.</returns>
    /// <exception cref="ArgumentException">The template is malformed, has an alignment, or gives a format its part does not take.</exception>
    public static KeyShape<T1> Format<T1>(string template, KeyPart<T1> part1)
    {
        ThrowIfNull(part1, nameof(part1));
        KeyLayout layout = KeyLayout.Parse(template, 1);
        return new KeyShape<T1>(layout, layout.Formatted(0, part1));
    }

    /// <summary>A shape whose parts are joined by <paramref name="separator"/>, between an optional prefix and suffix.</summary>
    /// <typeparam name="T1">The type of part 1's value.</typeparam>
    /// <typeparam name="T2">The type of part 2's value.</typeparam>
    /// <param name="separator">The literal between two present parts, e.g. "/"; an absent part drops the one in front of it.</param>
    /// <param name="part1">Part 1.</param>
    /// <param name="part2">Part 2.</param>
    /// <param name="prefix">Literal text the key starts with.</param>
    /// <param name="suffix">Literal text the key ends with, e.g. ".json".</param>
    /// <returns>The shape.</returns>
    public static KeyShape<T1, T2> Join<T1, T2>(string separator, KeyPart<T1> part1, KeyPart<T2> part2, string? prefix = null, string? suffix = null)
    {
        ThrowIfNull(part1, nameof(part1));
        ThrowIfNull(part2, nameof(part2));
        return new KeyShape<T1, T2>(KeyLayout.Join(separator, 2, prefix, suffix), part1, part2);
    }

    /// <summary>A shape written from a template such as <c>"tenant:{0}:user:{1}:v{2}"</c>.</summary>
    /// <typeparam name="T1">The type of part 1's value.</typeparam>
    /// <typeparam name="T2">The type of part 2's value.</typeparam>
    /// <param name="template">Literal text with the placeholders {0}..{1}, each once and in order; "{{" and "}}" are literal braces; a placeholder may carry its part's format, e.g. {0:D8} or {1:yyyyMMdd}. Every literal is written; an absent part writes nothing between its labels.</param>
    /// <param name="part1">Part 1.</param>
    /// <param name="part2">Part 2.</param>
    /// <returns>The shape.</returns>
    /// <exception cref="ArgumentException">The template is malformed, has an alignment, or gives a format its part does not take.</exception>
    public static KeyShape<T1, T2> Format<T1, T2>(string template, KeyPart<T1> part1, KeyPart<T2> part2)
    {
        ThrowIfNull(part1, nameof(part1));
        ThrowIfNull(part2, nameof(part2));
        KeyLayout layout = KeyLayout.Parse(template, 2);
        return new KeyShape<T1, T2>(layout, layout.Formatted(0, part1), layout.Formatted(1, part2));
    }

    /// <summary>A shape whose parts are joined by <paramref name="separator"/>, between an optional prefix and suffix.</summary>
    /// <typeparam name="T1">The type of part 1's value.</typeparam>
    /// <typeparam name="T2">The type of part 2's value.</typeparam>
    /// <typeparam name="T3">The type of part 3's value.</typeparam>
    /// <param name="separator">The literal between two present parts, e.g. "/"; an absent part drops the one in front of it.</param>
    /// <param name="part1">Part 1.</param>
    /// <param name="part2">Part 2.</param>
    /// <param name="part3">Part 3.</param>
    /// <param name="prefix">Literal text the key starts with.</param>
    /// <param name="suffix">Literal text the key ends with, e.g. ".json".</param>
    /// <returns>The shape.</returns>
    public static KeyShape<T1, T2, T3> Join<T1, T2, T3>(string separator, KeyPart<T1> part1, KeyPart<T2> part2, KeyPart<T3> part3, string? prefix = null, string? suffix = null)
    {
        ThrowIfNull(part1, nameof(part1));
        ThrowIfNull(part2, nameof(part2));
        ThrowIfNull(part3, nameof(part3));
        return new KeyShape<T1, T2, T3>(KeyLayout.Join(separator, 3, prefix, suffix), part1, part2, part3);
    }

    /// <summary>A shape written from a template such as <c>"tenant:{0}:user:{1}:v{2}"</c>.</summary>
    /// <typeparam name="T1">The type of part 1's value.</typeparam>
    /// <typeparam name="T2">The type of part 2's value.</typeparam>
    /// <typeparam name="T3">The type of part 3's value.</typeparam>
    /// <param name="template">Literal text with the placeholders {0}..{2}, each once and in order; "{{" and "}}" are literal braces; a placeholder may carry its part's format, e.g. {0:D8} or {1:yyyyMMdd}. Every literal is written; an absent part writes nothing between its labels.</param>
    /// <param name="part1">Part 1.</param>
    /// <param name="part2">Part 2.</param>
    /// <param name="part3">Part 3.</param>
    /// <returns>The shape.</returns>
    /// <exception cref="ArgumentException">The template is malformed, has an alignment, or gives a format its part does not take.</exception>
    public static KeyShape<T1, T2, T3> Format<T1, T2, T3>(string template, KeyPart<T1> part1, KeyPart<T2> part2, KeyPart<T3> part3)
    {
        ThrowIfNull(part1, nameof(part1));
        ThrowIfNull(part2, nameof(part2));
        ThrowIfNull(part3, nameof(part3));
        KeyLayout layout = KeyLayout.Parse(template, 3);
        return new KeyShape<T1, T2, T3>(layout, layout.Formatted(0, part1), layout.Formatted(1, part2), layout.Formatted(2, part3));
    }

    /// <summary>A shape whose parts are joined by <paramref name="separator"/>, between an optional prefix and suffix.</summary>
    /// <typeparam name="T1">The type of part 1's value.</typeparam>
    /// <typeparam name="T2">The type of part 2's value.</typeparam>
    /// <typeparam name="T3">The type of part 3's value.</typeparam>
    /// <typeparam name="T4">The type of part 4's value.</typeparam>
    /// <param name="separator">The literal between two present parts, e.g. "/"; an absent part drops the one in front of it.</param>
    /// <param name="part1">Part 1.</param>
    /// <param name="part2">Part 2.</param>
    /// <param name="part3">Part 3.</param>
    /// <param name="part4">Part 4.</param>
    /// <param name="prefix">Literal text the key starts with.</param>
    /// <param name="suffix">Literal text the key ends with, e.g. ".json".</param>
    /// <returns>The shape.</returns>
    public static KeyShape<T1, T2, T3, T4> Join<T1, T2, T3, T4>(string separator, KeyPart<T1> part1, KeyPart<T2> part2, KeyPart<T3> part3, KeyPart<T4> part4, string? prefix = null, string? suffix = null)
    {
        ThrowIfNull(part1, nameof(part1));
        ThrowIfNull(part2, nameof(part2));
        ThrowIfNull(part3, nameof(part3));
        ThrowIfNull(part4, nameof(part4));
        return new KeyShape<T1, T2, T3, T4>(KeyLayout.Join(separator, 4, prefix, suffix), part1, part2, part3, part4);
    }

    /// <summary>A shape written from a template such as <c>"tenant:{0}:user:{1}:v{2}"</c>.</summary>
    /// <typeparam name="T1">The type of part 1's value.</typeparam>
    /// <typeparam name="T2">The type of part 2's value.</typeparam>
    /// <typeparam name="T3">The type of part 3's value.</typeparam>
    /// <typeparam name="T4">The type of part 4's value.</typeparam>
    /// <param name="template">Literal text with the placeholders {0}..{3}, each once and in order; "{{" and "}}" are literal braces; a placeholder may carry its part's format, e.g. {0:D8} or {1:yyyyMMdd}. Every literal is written; an absent part writes nothing between its labels.</param>
    /// <param name="part1">Part 1.</param>
    /// <param name="part2">Part 2.</param>
    /// <param name="part3">Part 3.</param>
    /// <param name="part4">Part 4.</param>
    /// <returns>The shape.</returns>
    /// <exception cref="ArgumentException">The template is malformed, has an alignment, or gives a format its part does not take.</exception>
    public static KeyShape<T1, T2, T3, T4> Format<T1, T2, T3, T4>(string template, KeyPart<T1> part1, KeyPart<T2> part2, KeyPart<T3> part3, KeyPart<T4> part4)
    {
        ThrowIfNull(part1, nameof(part1));
        ThrowIfNull(part2, nameof(part2));
        ThrowIfNull(part3, nameof(part3));
        ThrowIfNull(part4, nameof(part4));
        KeyLayout layout = KeyLayout.Parse(template, 4);
        return new KeyShape<T1, T2, T3, T4>(layout, layout.Formatted(0, part1), layout.Formatted(1, part2), layout.Formatted(2, part3), layout.Formatted(3, part4));
    }

    /// <summary>A shape whose parts are joined by <paramref name="separator"/>, between an optional prefix and suffix.</summary>
    /// <typeparam name="T1">The type of part 1's value.</typeparam>
    /// <typeparam name="T2">The type of part 2's value.</typeparam>
    /// <typeparam name="T3">The type of part 3's value.</typeparam>
    /// <typeparam name="T4">The type of part 4's value.</typeparam>
    /// <typeparam name="T5">The type of part 5's value.</typeparam>
    /// <param name="separator">The literal between two present parts, e.g. "/"; an absent part drops the one in front of it.</param>
    /// <param name="part1">Part 1.</param>
    /// <param name="part2">Part 2.</param>
    /// <param name="part3">Part 3.</param>
    /// <param name="part4">Part 4.</param>
    /// <param name="part5">Part 5.</param>
    /// <param name="prefix">Literal text the key starts with.</param>
    /// <param name="suffix">Literal text the key ends with, e.g. ".json".</param>
    /// <returns>The shape.</returns>
    public static KeyShape<T1, T2, T3, T4, T5> Join<T1, T2, T3, T4, T5>(string separator, KeyPart<T1> part1, KeyPart<T2> part2, KeyPart<T3> part3, KeyPart<T4> part4, KeyPart<T5> part5, string? prefix = null, string? suffix = null)
    {
        ThrowIfNull(part1, nameof(part1));
        ThrowIfNull(part2, nameof(part2));
        ThrowIfNull(part3, nameof(part3));
        ThrowIfNull(part4, nameof(part4));
        ThrowIfNull(part5, nameof(part5));
        return new KeyShape<T1, T2, T3, T4, T5>(KeyLayout.Join(separator, 5, prefix, suffix), part1, part2, part3, part4, part5);
    }

    /// <summary>A shape written from a template such as <c>"tenant:{0}:user:{1}:v{2}"</c>.</summary>
    /// <typeparam name="T1">The type of part 1's value.</typeparam>
    /// <typeparam name="T2">The type of part 2's value.</typeparam>
    /// <typeparam name="T3">The type of part 3's value.</typeparam>
    /// <typeparam name="T4">The type of part 4's value.</typeparam>
    /// <typeparam name="T5">The type of part 5's value.</typeparam>
    /// <param name="template">Literal text with the placeholders {0}..{4}, each once and in order; "{{" and "}}" are literal braces; a placeholder may carry its part's format, e.g. {0:D8} or {1:yyyyMMdd}. Every literal is written; an absent part writes nothing between its labels.</param>
    /// <param name="part1">Part 1.</param>
    /// <param name="part2">Part 2.</param>
    /// <param name="part3">Part 3.</param>
    /// <param name="part4">Part 4.</param>
    /// <param name="part5">Part 5.</param>
    /// <returns>The shape.</returns>
    /// <exception cref="ArgumentException">The template is malformed, has an alignment, or gives a format its part does not take.</exception>
    public static KeyShape<T1, T2, T3, T4, T5> Format<T1, T2, T3, T4, T5>(string template, KeyPart<T1> part1, KeyPart<T2> part2, KeyPart<T3> part3, KeyPart<T4> part4, KeyPart<T5> part5)
    {
        ThrowIfNull(part1, nameof(part1));
        ThrowIfNull(part2, nameof(part2));
        ThrowIfNull(part3, nameof(part3));
        ThrowIfNull(part4, nameof(part4));
        ThrowIfNull(part5, nameof(part5));
        KeyLayout layout = KeyLayout.Parse(template, 5);
        return new KeyShape<T1, T2, T3, T4, T5>(layout, layout.Formatted(0, part1), layout.Formatted(1, part2), layout.Formatted(2, part3), layout.Formatted(3, part4), layout.Formatted(4, part5));
    }

    /// <summary>A shape whose parts are joined by <paramref name="separator"/>, between an optional prefix and suffix.</summary>
    /// <typeparam name="T1">The type of part 1's value.</typeparam>
    /// <typeparam name="T2">The type of part 2's value.</typeparam>
    /// <typeparam name="T3">The type of part 3's value.</typeparam>
    /// <typeparam name="T4">The type of part 4's value.</typeparam>
    /// <typeparam name="T5">The type of part 5's value.</typeparam>
    /// <typeparam name="T6">The type of part 6's value.</typeparam>
    /// <param name="separator">The literal between two present parts, e.g. "/"; an absent part drops the one in front of it.</param>
    /// <param name="part1">Part 1.</param>
    /// <param name="part2">Part 2.</param>
    /// <param name="part3">Part 3.</param>
    /// <param name="part4">Part 4.</param>
    /// <param name="part5">Part 5.</param>
    /// <param name="part6">Part 6.</param>
    /// <param name="prefix">Literal text the key starts with.</param>
    /// <param name="suffix">Literal text the key ends with, e.g. ".json".</param>
    /// <returns>The shape.</returns>
    public static KeyShape<T1, T2, T3, T4, T5, T6> Join<T1, T2, T3, T4, T5, T6>(string separator, KeyPart<T1> part1, KeyPart<T2> part2, KeyPart<T3> part3, KeyPart<T4> part4, KeyPart<T5> part5, KeyPart<T6> part6, string? prefix = null, string? suffix = null)
    {
        ThrowIfNull(part1, nameof(part1));
        ThrowIfNull(part2, nameof(part2));
        ThrowIfNull(part3, nameof(part3));
        ThrowIfNull(part4, nameof(part4));
        ThrowIfNull(part5, nameof(part5));
        ThrowIfNull(part6, nameof(part6));
        return new KeyShape<T1, T2, T3, T4, T5, T6>(KeyLayout.Join(separator, 6, prefix, suffix), part1, part2, part3, part4, part5, part6);
    }

    /// <summary>A shape written from a template such as <c>"tenant:{0}:user:{1}:v{2}"</c>.</summary>
    /// <typeparam name="T1">The type of part 1's value.</typeparam>
    /// <typeparam name="T2">The type of part 2's value.</typeparam>
    /// <typeparam name="T3">The type of part 3's value.</typeparam>
    /// <typeparam name="T4">The type of part 4's value.</typeparam>
    /// <typeparam name="T5">The type of part 5's value.</typeparam>
    /// <typeparam name="T6">The type of part 6's value.</typeparam>
    /// <param name="template">Literal text with the placeholders {0}..{5}, each once and in order; "{{" and "}}" are literal braces; a placeholder may carry its part's format, e.g. {0:D8} or {1:yyyyMMdd}. Every literal is written; an absent part writes nothing between its labels.</param>
    /// <param name="part1">Part 1.</param>
    /// <param name="part2">Part 2.</param>
    /// <param name="part3">Part 3.</param>
    /// <param name="part4">Part 4.</param>
    /// <param name="part5">Part 5.</param>
    /// <param name="part6">Part 6.</param>
    /// <returns>The shape.</returns>
    /// <exception cref="ArgumentException">The template is malformed, has an alignment, or gives a format its part does not take.</exception>
    public static KeyShape<T1, T2, T3, T4, T5, T6> Format<T1, T2, T3, T4, T5, T6>(string template, KeyPart<T1> part1, KeyPart<T2> part2, KeyPart<T3> part3, KeyPart<T4> part4, KeyPart<T5> part5, KeyPart<T6> part6)
    {
        ThrowIfNull(part1, nameof(part1));
        ThrowIfNull(part2, nameof(part2));
        ThrowIfNull(part3, nameof(part3));
        ThrowIfNull(part4, nameof(part4));
        ThrowIfNull(part5, nameof(part5));
        ThrowIfNull(part6, nameof(part6));
        KeyLayout layout = KeyLayout.Parse(template, 6);
        return new KeyShape<T1, T2, T3, T4, T5, T6>(layout, layout.Formatted(0, part1), layout.Formatted(1, part2), layout.Formatted(2, part3), layout.Formatted(3, part4), layout.Formatted(4, part5), layout.Formatted(5, part6));
    }

    private static void ThrowIfNull(object part, string name)
    {
        if (part is null)
        {
            ThrowHelper.ThrowArgumentNull(name);
        }
    }
}
