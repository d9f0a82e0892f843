package org.asynciotck.explore;

/**
 * A guarantee of docs/exploration.md that the implementation under test broke on one program.
 *
 * @param guarantee what asyncio guarantees, in words
 * @param ruleId    the kit's rule that checks it, or null when no rule does (yet)
 * @param detail    what was expected and what was observed
 * @param signature what divergences are grouped by: the guarantee's kind and the kinds of what differed
 */
public record Divergence(String guarantee, String ruleId, String detail, String signature) {}
