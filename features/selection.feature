Feature: Selecting plan mode with set and get
  A user (through a UI or any other entry point) turns plan mode on or off with
  the plan-mode service's `set(agent, active)` and reads it with `get(agent)`.
  An idle agent has no request boundary coming before its next prompt, so the
  selection is logged at once. While a turn is open the step in flight keeps
  the guidance it was assembled with: the selection waits and is applied at the
  next request boundary (prompt submission, continuation after tool results, or,
  in the seed edition, retry of a failed request: in rc.8 a retry re-sends the
  failed request, see retry.feature), just before that request is assembled. `set`
  says which of these happened, `get` keeps the logged state apart from the
  waiting one, and selections that undo each other before a boundary leave no
  trace.

  @id:selection-idle-commit @SET-01 @SET-05
  Scenario Outline: set on an idle agent commits at once: <case>
    Given the agent starts with plan mode <start>
    And the user keeps prompting until the agent has made <requests> model requests
    When the user reads the plan state
    And the user turns plan mode <target>
    And the user reads the plan state
    Then set returned committed
    And between the last two readings the log gained "<gained>"
    And get reports plan mode <target> with nothing pending
    And the log holds the plan/mode events "<events>"
    And the agent made <requests> model requests

    @NARR-02
    Examples: before the agent's first request
      | case                     | start | requests | target | gained        | events  |
      | enter-before-any-request | off   | 0        | on     | plan/mode on  | on      |

    @NARR-01
    Examples: between two turns
      | case                | start | requests | target | gained                | events  |
      | enter-between-turns | off   | 1        | on     | plan/mode on          | on      |
      | leave-between-turns | on    | 1        | off    | plan/mode off         | on, off |

  @id:selection-running-queues @SET-02 @SET-05
  Scenario Outline: set while a turn is open holds the selection and appends nothing: <case>
    Given the agent starts with plan mode <start>
    And while the model handles request 1, the user reads the plan state
    And while the model handles request 1, the user turns plan mode <target>
    And while the model handles request 1, the user reads the plan state
    And while the model handles request 1, get reports plan mode <start> with plan mode <target> pending
    When the user prompts "Look around"
    Then set returned queued
    And between the last two readings the log gained "nothing"
    And the log holds the plan/mode events "<events>"
    And get reports plan mode <start> with plan mode <target> pending
    And request 1 is <guidance> plan mode

    Examples:
      | case  | start | target | events | guidance |
      | enter | off   | on     | none   | not in   |
      | leave | on    | off    | on     | in       |

  @id:selection-boundary-applies @SET-06 @NARR-01
  Scenario Outline: a pending selection is applied at the next request boundary: <case>
    Given the agent starts with plan mode <start>
    And request 1 will be followed by a <boundary>
    And while the model handles request 1, the user turns plan mode <target>
    When the user keeps prompting until the agent has made 2 model requests
    Then the plan/mode event comes before the header of request 2, which is the first to show it
    And the headers of requests 1 and 2 describe plan mode <start> and <target>
    And request 1 is <before> plan mode
    And request 2 is <after> plan mode
    And request 2 adds one notice that the user <switched>
    And get reports plan mode <target> with nothing pending

    Examples:
      | case                       | boundary          | start | target | before | after  | switched                           |
      | enter-at-prompt-submission | prompt submission | off   | on     | not in | in     | switched to plan mode              |
      | leave-at-prompt-submission | prompt submission | on    | off    | in     | not in | switched back to the default mode  |
      | enter-at-continuation      | continuation      | off   | on     | not in | in     | switched to plan mode              |
      | leave-at-continuation      | continuation      | on    | off    | in     | not in | switched back to the default mode  |

    @needs:retry @edition:seed
    Examples: retry after a failed request
      | case           | boundary | start | target | before | after  | switched                          |
      | enter-at-retry | retry    | off   | on     | not in | in     | switched to plan mode             |
      | leave-at-retry | retry    | on    | off    | in     | not in | switched back to the default mode |

  @id:selection-during-review @SET-02 @SET-06 @needs:questions
  Scenario Outline: a selection made while the plan review waits for the user is held for the next request: <case>
    # A turn is open while its tools run, though no request is in flight then: the review waiting for the user is
    # part of the step, so the selection waits for the continuation's boundary.
    Given plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# 1. Read the code. 2. Change it."
    And while the review waits for an answer, the user turns plan mode <target>, then selects the keep-planning option
    When the user prompts "Plan the change"
    Then the set results were "committed, <result>"
    And request 2 is <state> plan mode
    And request 2 <notice>
    And the log holds the plan/mode events "<events>"
    And get reports plan mode <after> with nothing pending

    Examples:
      | case  | target | result | state  | notice                                                       | events  | after |
      | leave | off    | queued | not in | adds one notice that the user switched back to the default mode | on, off | off   |
      | stay  | on     | noop   | in     | adds no notice                                                | on      | on    |

  @id:selection-cancel-open-turn @SET-03 @NARR-03 @SET-05
  Scenario Outline: set back to the logged state while the turn is open withdraws the pending selection: <case>
    Given the agent starts with plan mode <start>
    And request 1 will be followed by a continuation
    And while the model handles request 1, the user turns plan mode <target>
    And while the model handles request 1, the user reads the plan state
    And while the model handles request 1, the user turns plan mode <start>
    And while the model handles request 1, the user reads the plan state
    And while the model handles request 1, get reports plan mode <start> with nothing pending but the withdrawn selection
    When the user prompts "Look around"
    Then the set results were "queued, cancelled"
    And between the last two readings the log gained "nothing"
    And the log holds the plan/mode events "<events>"
    And the headers of requests 1 and 2 describe plan mode <start> and <start>
    And the system prompts of requests 1 and 2 are identical through order 50
    And request 2 adds no notice
    And the log holds no notice
    And get reports plan mode <start> with nothing pending

    Examples:
      | case         | start | target | events |
      | cancel-entry | off   | on     | none   |
      | cancel-exit  | on    | off    | on     |

  @id:selection-noop-idle @SET-04
  Scenario Outline: set to the logged state on an idle agent with nothing pending changes nothing: <case>
    Given the agent starts with plan mode <state>
    And the user keeps prompting until the agent has made <requests> model requests
    When the user reads the plan state
    And the user turns plan mode <state>
    And the user reads the plan state
    Then set returned noop
    And between the last two readings the log gained "nothing"
    And get reports plan mode <state> with nothing pending

    Examples:
      | case                  | state | requests |
      | on-after-a-turn       | on    | 1        |

  @id:selection-noop-running @SET-04 @SET-02
  Scenario Outline: set while running to what is already logged or already pending changes nothing: <case>
    Given the agent starts with plan mode <start>
    And request 1 will be followed by a continuation
    And while the model handles request 1, the user makes the selections "<selections>"
    And while the model handles request 1, get reports plan mode <start> <pending>
    When the user prompts "Look around"
    Then the set results were "<results>"
    And the log holds the plan/mode events "<events>"
    And request 2 adds <notices> notices

    Examples:
      | case            | start | selections | results      | pending                    | events  | notices |
      | same-as-logged  | on    | on         | noop         | with nothing pending       | on      | 0       |
      | same-as-pending | on    | off, off   | queued, noop | with plan mode off pending | on, off | 1       |

  @id:selection-noop-pending-after-turn @SET-04 @SET-05
  Scenario: repeating the pending target after the turn has closed changes nothing
    Given while the model handles request 1, the user turns plan mode on
    When the user prompts "Look around"
    And the user reads the plan state
    And the user turns plan mode on
    And the user reads the plan state
    Then the set results were "queued, noop"
    And between the last two readings the log gained "nothing"
    And get reports plan mode off with plan mode on pending
    When the user prompts "Carry on"
    Then the log holds the plan/mode events "on"
    And request 2 is in plan mode

  @id:selection-get-tracks-the-step @SET-05 @SET-08
  Scenario: get reports the state that shapes the current step, and the pending target only until it is applied
    Given request 1 will be followed by a continuation
    And request 2 will be followed by a continuation
    And while the model handles request 1, get reports plan mode off with nothing pending
    And while the model handles request 1, the user turns plan mode on
    And while the model handles request 1, get reports plan mode off with plan mode on pending
    And while the model handles request 2, get reports plan mode on with nothing pending
    And while the model handles request 3, get reports plan mode on with nothing pending
    When the user prompts "Look around"
    Then get reports plan mode on with nothing pending
    And the agent made 3 model requests

  @id:selection-net-out @SET-07 @NARR-01 @NARR-03
  Scenario Outline: several selections before one boundary net out to the last one: <case>
    Given the agent starts with plan mode <start>
    And request 1 will be followed by a <boundary>
    And while the model handles request 1, the user makes the selections "<selections>"
    When the user keeps prompting until the agent has made 2 model requests
    Then the set results were "<results>"
    And the log holds the plan/mode events "<events>"
    And the headers of requests 1 and 2 describe plan mode <start> and <end>
    And request 2 adds <notices> notices

    Examples:
      | case                          | start | boundary          | selections   | results                    | events  | end | notices |
      | on-off-at-continuation        | off   | continuation      | on, off      | queued, cancelled          | none    | off | 0       |
      | off-on-off-at-continuation    | on    | continuation      | off, on, off | queued, cancelled, queued  | on, off | off | 1       |

    @needs:retry @SET-06 @edition:seed
    Examples: at a retry
      | case               | start | boundary | selections  | results                   | events | end | notices |
      | on-off-on-at-retry | off   | retry    | on, off, on | queued, cancelled, queued | on     | on  | 1       |

  @id:selection-applied-once @SET-08
  Scenario Outline: a selection applied at one boundary is not applied again at the next: <case>
    Given the agent starts with plan mode <start>
    And request 1 will be followed by a <first>
    And request 2 will be followed by a <second>
    And while the model handles request 1, the user turns plan mode <target>
    When the user keeps prompting until the agent has made 3 model requests
    Then the log holds the plan/mode events "<events>"
    And the headers of requests 2 and 3 describe plan mode <target> and <target>
    And the system prompts of requests 2 and 3 are identical through order 50
    And request 3 adds no notice
    And get reports plan mode <target> with nothing pending

    Examples:
      | case                                  | start | first             | second            | target | events  |
      | enter-at-continuation-then-submission | off   | continuation      | prompt submission | on     | on      |

    @needs:retry @SET-06 @edition:seed
    Examples: with a retry
      | case                             | start | first | second       | target | events |
      | enter-at-retry-then-continuation | off   | retry | continuation | on     | on     |
