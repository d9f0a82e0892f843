Feature: Sample family
  A tiny feature for testing the kit's runner; never part of the real features.

  @SAMPLE-1 @MUST
  Rule: A passing rule

    Scenario: It passes
      Given the implementation is ready
      Then the answer is 42

  @SAMPLE-2 @MUST
  Rule: A failing rule

    Scenario: It passes too
      Given the implementation is ready
      Then the answer is 42

    Scenario: It fails
      Given the implementation is ready
      Then the answer is 41

  @SAMPLE-3 @SHOULD
  Rule: A rule that needs a missing capability

    @needs-teleport
    Scenario: It is not applicable
      Given the implementation has capability "teleport"
      Then the answer is 42

  @SAMPLE-4 @MUST
  Rule: A rule whose implementation crashes

    Scenario Outline: It crashes on <input>
      Given the implementation is ready
      Then asking <input> crashes the implementation

      Examples:
        | input |
        | 7     |

  @SAMPLE-5 @INFO
  Rule: An informational rule <b>with markup</b>

    Scenario: It fails but only informs
      Given the implementation is ready
      Then the answer is 0
