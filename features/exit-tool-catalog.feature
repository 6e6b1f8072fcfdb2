Feature: The exit tool is always in the catalog and works only in plan mode
  The plugin registers `exit_plan_mode`, through which the model presents its
  complete plan (a string argument `plan`) for the user's review. It is
  registered in both states, and plan mode adds, removes and filters no tool,
  so the tool catalog a request carries (names, descriptions, parameter
  schemas, order) is the same before, during and after plan mode and the
  cached prompt prefix survives every transition. Outside plan mode calling
  the tool is simply a failed tool call: no review is opened and nothing
  changes. (What happens inside plan mode, the review and approval, is covered
  by the review features.)

  @id:tool-exit-always-offered @TOOL-01
  Scenario Outline: exit_plan_mode is offered, taking the plan as a string, whatever the state: <case>
    Given the agent starts with plan mode <state>
    When the user prompts "Look around"
    Then request 1 is <guidance> plan mode
    And the tool catalog offers exit_plan_mode taking a string "plan"
    And exit_plan_mode's parameter schema describes an object of arguments

    Examples:
      | case     | state | guidance |
      | active   | on    | in       |
      | inactive | off   | not in   |

  @id:tool-catalog-stable-idle @TOOL-02
  Scenario Outline: a selection between turns leaves the tool catalog exactly as it was: <case>
    Given the agent starts with plan mode <start>
    When the user prompts "Look around"
    And the user turns plan mode <target>
    And the user prompts "Carry on"
    Then the headers of requests 1 and 2 describe plan mode <start> and <target>
    And every request carried the same tool catalog

    Examples:
      | case  | start | target |
      | enter | off   | on     |
      | leave | on    | off    |

  @id:tool-catalog-stable-mid-turn @TOOL-02
  Scenario Outline: a selection applied mid-turn leaves the tool catalog exactly as it was: <case>
    Given the agent starts with plan mode <start>
    And request 1 will be followed by a <first>
    And request 2 will be followed by a continuation
    And while the model handles request 1, the user turns plan mode <target>
    And while the model handles request 2, the user turns plan mode <start>
    When the user keeps prompting until the agent has made 3 model requests
    Then the headers of requests 1 and 2 describe plan mode <start> and <target>
    And the log holds the plan/mode events "<events>"
    And every request carried the same tool catalog

    Examples:
      | case                             | start | target | first        | events      |
      | enter-and-leave-at-continuations | off   | on     | continuation | on, off     |

    @needs:retry @SET-06 @edition:seed
    Examples: at a retry
      | case                                 | start | target | first | events  |
      | enter-at-retry-leave-at-continuation | off   | on     | retry | on, off |

  @id:tool-catalog-stable-approved-exit @TOOL-02 @needs:questions
  Scenario: an approved exit leaves the tool catalog exactly as it was
    Given plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# 1. Read. 2. Write."
    And the user will answer the review by selecting Approve
    When the user prompts "Plan the change"
    Then request 1 is in plan mode
    And request 2 is not in plan mode
    And every request carried the same tool catalog

  @id:tool-exit-fails-when-inactive @TOOL-03
  Scenario Outline: calling exit_plan_mode outside plan mode fails and changes nothing: <case>
    Given the agent starts with plan mode <start>
    And the user makes the selections "<selections>"
    And the model will answer request 1 by calling exit_plan_mode with the plan "# 1. Read. 2. Write."
    When the user prompts "Plan the change"
    Then request 2 shows exit_plan_mode failing outside plan mode
    And no plan review was opened
    And the log holds the plan/mode events "<events>"
    And get reports plan mode off with nothing pending
    And request 2 is not in plan mode
    And request 2 adds no notice

    Examples:
      | case             | start | selections | events  |
      | never-entered    | off   | none       | none    |

  @id:tool-exit-fails-after-leaving-mid-turn @TOOL-03
  Scenario: exit_plan_mode fails once a selection to leave has reached the request
    Given plan mode is on
    And request 1 will be followed by a continuation
    And while the model handles request 1, the user turns plan mode off
    And the model will answer request 2 by calling exit_plan_mode with the plan "# 1. Read. 2. Write."
    When the user prompts "Look around"
    Then request 2 is not in plan mode
    And request 3 shows exit_plan_mode failing outside plan mode
    And no plan review was opened
    And the log holds the plan/mode events "on, off"
    And get reports plan mode off with nothing pending

  @id:tool-exit-fails-with-entry-pending @TOOL-03 @SET-02
  Scenario: exit_plan_mode fails in a step that runs outside plan mode, even with an entry pending
    Given while the model handles request 1, the user turns plan mode on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# 1. Read. 2. Write."
    When the user prompts "Plan the change"
    Then set returned queued
    And request 2 shows exit_plan_mode failing outside plan mode
    And no plan review was opened
    And request 2 is in plan mode
    And the log holds the plan/mode events "on"
    And get reports plan mode on with nothing pending

  @id:tool-exit-needs-plan-string @TOOL-01 @TOOL-04 @needs:questions
  Scenario Outline: a call that does not pass the plan as a string fails and opens no review: <case>
    Given plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the arguments '<arguments>'
    And the user will answer the review by selecting Approve
    When the user prompts "Plan the importer"
    Then no plan review was opened
    And request 2 shows exit_plan_mode failing
    And request 2 is in plan mode
    And the log holds the plan/mode events "on"

    Examples:
      | case      | arguments                    |
      | no-plan   | {}                           |
      | plan-null | { "plan": null }             |
      | plan-list | { "plan": ["# Step one."] }  |
