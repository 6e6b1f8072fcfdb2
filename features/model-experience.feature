Feature: What plan mode costs the model
  Every token plan mode puts in front of the model is paid on every request and
  can break the provider's prompt cache. So the cost is fixed and small: while
  inactive plan mode adds nothing at all, while active it adds exactly the
  configured section to the system prompt. Everything plan mode or the user
  adds to the conversation (a steered message, a notice, a tool call and its
  result) is appended after what the model has already seen, never inserted
  before it, so each request extends the previous one. (What `/plan` lines
  cost is shown in the /plan command feature.)

  @id:mx-fixed-cost-by-state @MX-01
  Scenario Outline: a turn without transitions costs nothing but the section: <case>
    Given the agent starts with plan mode <state>
    And request 1 will be followed by a continuation
    When the user prompts "Look around"
    Then request 1 is <guidance> plan mode
    And request 2 is <guidance> plan mode
    And the messages of request 1 are exactly:
      | kind | detail      |
      | user | Look around |
    And request 2 grows request 1 by exactly:
      | kind      | detail             |
      | assistant | calls probe_lookup |
      | tool      | probe_lookup ok    |
    And no request carries a notice

    Examples:
      | case     | state | guidance |
      | inactive | off   | not in   |
      | active   | on    | in       |

  @id:mx-section-is-the-whole-difference @MX-01 @POLICY-02
  Scenario Outline: the only difference plan mode makes to a request is its section: <case>
    Given the agent starts with plan mode <start>
    And request 1 will be followed by a <boundary>
    And while the model handles request 1, the user turns plan mode <target>
    When the user keeps prompting until the agent has made 3 model requests
    Then the headers of requests 1 and 2 describe plan mode <start> and <target>
    And request 3 is <target-guidance> plan mode
    And the plan section adds exactly its own text to the system prompt
    And plan mode adds no message to the conversation

    Examples:
      | case                     | start | target | boundary          | target-guidance |
      | enter-at-submission      | off   | on     | prompt submission | in              |
      | leave-at-continuation    | on    | off    | continuation      | not in          |

  @id:mx-steered-message-appended @MX-03 @needs:commands
  Scenario: a message steered mid-turn is appended after the tool result the model is waiting on
    Given request 1 will be followed by a continuation
    And while the model handles request 1, the user types the command "/plan   Focus on the tests  "
    When the user prompts "Look around"
    Then request 2 starts with every message of request 1
    And request 2 adds the user message "Focus on the tests"
    And request 2 adds one notice that the user switched to plan mode
    And request 2 is in plan mode

  @id:mx-steered-messages-in-order @CMD-03 @needs:commands
  Scenario: two messages steered into one request reach the model in the order typed
    Given request 1 will be followed by a continuation
    And while the model handles request 1, the user types the command "/plan First check the tests"
    And while the model handles request 1, the user types the command "/plan Then the migrations"
    When the user prompts "Look around"
    Then request 2 of the agent adds the user texts "First check the tests | Then the migrations" in the order typed
    And request 2 is in plan mode

  @id:mx-append-only-session @MX-03 @NARR-05
  Scenario: over a whole session the conversation only grows at its end
    Given request 1 will be followed by a continuation
    And request 2 will be followed by a continuation
    And while the model handles request 1, the user turns plan mode on
    When the user prompts "Look around"
    And the user turns plan mode off
    And the user prompts "Carry on"
    Then request 2 grows request 1 by exactly:
      | kind      | detail             |
      | assistant | calls probe_lookup |
      | tool      | probe_lookup ok    |
      | notice    | plan               |
    And request 3 grows request 2 by exactly:
      | kind      | detail             |
      | assistant | calls probe_lookup |
      | tool      | probe_lookup ok    |
    And request 4 grows request 3 by exactly:
      | kind      | detail   |
      | assistant | Done.    |
      | notice    | default  |
      | user      | Carry on |

  @id:mx-prompt-and-notice-same-request @MX-03 @NARR-05
  Scenario: a selection waiting across the end of a turn reaches the next request together with the prompt, both after what the model saw
    # Whether the prompt or the notice comes first is the host's choice.
    Given while the model handles request 1, the user turns plan mode on
    When the user prompts "Look around"
    And the user prompts "Carry on"
    Then request 2 grows request 1 by exactly:
      | kind      | detail   |
      | assistant | Done.    |
      | user      | Carry on |
      | notice    | plan     |
    And request 2 is in plan mode

  @id:mx-steered-message-and-notice-same-request @MX-03 @NARR-05 @needs:commands
  Scenario: a /plan message and the notice of its entry reach the same request, both after the tool result
    # Whether the steered message or the notice comes first is the host's choice.
    Given request 1 will be followed by a continuation
    And while the model handles request 1, the user types the command "/plan Check the migrations"
    When the user prompts "Look around"
    Then request 2 grows request 1 by exactly:
      | kind      | detail               |
      | assistant | calls probe_lookup   |
      | tool      | probe_lookup ok      |
      | user      | Check the migrations |
      | notice    | plan                 |
    And request 2 is in plan mode
