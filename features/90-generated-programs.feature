Feature: Generated programs behave as asyncio guarantees

  Each scenario before this one takes a few paths through the loop: the paths
  its rule names. Programs take many more: a timer cancelled after a callback
  scheduled it, a task made in a done callback, a stop() between two thread-safe
  calls. A defect often sits on a path no scenario takes. So every
  certification ends by exploring: it generates programs from a seed out of the
  operations the scenarios use (docs/exploration.md, "Programs"), runs each on
  the loop under test and on the kit's reference loop, and compares what the
  two did under a model of what asyncio guarantees (docs/exploration.md, "The
  model"): which callbacks run in which iteration and in which order, what each
  call returns or raises, what a future holds, which task is current.

  A divergence is a verdict. It fails the rule whose guarantee the model found
  broken, at that rule's level, in that rule's row of the certificate, with the
  shrunk program as a scenario (runnable with run --features) and as a plain
  Python script for evidence. A divergence the model cannot name a rule for is
  never dropped: it fails this rule. One defect, one rule: a divergence whose
  program leans on a rule the run's scenarios found broken may be that defect's
  consequence, so it is listed, "blocked by" that rule, and fails no other. The
  seed, the budget and how many programs ran are in every report, so any
  verdict can be replayed; a run that turns exploration off says so on its
  certificate.

  Only operations the loop declares are generated (eager tasks where it
  declares eager start, the ready queue where it declares that capability, ...),
  and the reference loop follows the profiles the loop declares that it can
  follow (the eager task factory, synchronous dispatch): a guarantee the loop is
  not held to is never compared.

  Source: the kit's exploration (tck/explore, docs/exploration.md); the model's
  guarantees are the rules of the features before this one.

  @EXPLORE-1 @MUST
  Rule: Programs made of the scenarios' operations behave on the loop as on asyncio's, wherever no other rule names the difference
    Beyond the claims: every rule of this book, on the paths generated programs take (docs/exploration.md, "The model")

    Scenario: The run's generated programs diverge nowhere that no rule names
      When the run's generated programs run on the loop and on the reference loop
      Then every divergence counts against the rule whose guarantee it breaks, and none is left without a rule
