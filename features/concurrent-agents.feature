Feature: Several agents at once
  A host runs agents side by side, and a person can act on one agent while
  another is in the middle of a model request. Whether an agent is running,
  what it has pending and what its commands steer all belong to that agent
  alone: a selection for an idle agent commits at once even while another
  agent's request is in flight, two agents can each have a selection waiting
  for their own next boundary, and a fork takes the state its origin had
  logged, whether the origin selected something while idle or still has a
  selection waiting.

  Rule: acting on an idle agent while another agent's request is in flight acts on that agent alone

    @id:concurrent-idle-agent-acts-alone @SCOPE-01 @SET-01 @CMD-02 @CMD-04 @needs:commands
    Scenario Outline: the user <action> for agent "B" while agent "A" waits for the model
      Given plan mode starts <start> for agent "B"
      And the model will answer request 1 of agent "A" by calling the probe tool
      When the user prompts agent "A" with "Survey the code" and the model holds its request 1
      And the user <action> for agent "B"
      Then get reports plan mode <after> for agent "B"
      And the log of agent "B" holds the plan/mode events "<events>"
      And get reports plan mode off for agent "A"
      When the model answers the held request 1 of agent "A" and its turn ends
      Then request 2 of agent "A" is not in plan mode
      And request 2 of agent "A" adds no notice
      And the log of agent "A" holds the plan/mode events "none"
      When the user prompts agent "B" with "Go on"
      Then request 1 of agent "B" is <guidance> plan mode

      Examples:
        | case        | start | action                            | after | events  | guidance |
        | set-on      | off   | turns plan mode on                | on    | on      | in       |
        | set-off     | on    | turns plan mode off               | off   | on, off | not in   |
        | command-on  | off   | types the command "/plan"         | on    | on      | in       |
        | command-off | on    | types the command "/plan off"     | off   | on, off | not in   |

    @id:concurrent-owned-child-idle-while-owner-runs @SCOPE-01 @SET-01 @needs:ownedChild
    Scenario Outline: the user turns plan mode <target> for an idle owned child while its owner waits for the model
      # An owned child runs its own turns: its owner's open turn does not make the child running, so a
      # selection for the idle child commits at once (SET-01) and its owner's state and log stay its own.
      Given agent "B" is a child agent owned by agent "A"
      And plan mode starts <start> for agent "B"
      And the model will answer request 1 of agent "A" by calling the probe tool
      When the user prompts agent "A" with "Survey the code" and the model holds its request 1
      And the user turns plan mode <target> for agent "B"
      Then set returned committed
      And get reports plan mode <target> for agent "B"
      And the log of agent "B" holds the plan/mode events "<events>"
      And get reports plan mode off for agent "A"
      When the model answers the held request 1 of agent "A" and its turn ends
      Then the log of agent "A" holds the plan/mode events "none"

      Examples:
        | case      | start | target | events  |
        | owned-on  | off   | on     | on      |
        | owned-off | on    | off    | on, off |

    @id:concurrent-steer-reaches-its-agent @SCOPE-01 @CMD-03 @needs:commands
    Scenario: /plan with a message for an idle agent steers that agent, not the one whose request is in flight
      Given the model will answer request 1 of agent "A" by calling the probe tool
      When the user prompts agent "A" with "Survey the code" and the model holds its request 1
      And the user types the command "/plan Sketch the parser" for agent "B"
      And the model answers the held request 1 of agent "A" and its turn ends
      Then request 1 of agent "B" carries the user message "Sketch the parser"
      And request 1 of agent "B" is in plan mode
      And no request of agent "A" carries the user message "Sketch the parser"
      And request 2 of agent "A" is not in plan mode
      And get reports plan mode off for agent "A"

  Rule: two agents can have selections pending at once, each applied at its own agent's next boundary

    @id:concurrent-two-pending @SCOPE-01 @SET-02 @SET-06
    Scenario Outline: agent "A" selects <a-target> and agent "B" selects <b-target> while both wait for the model
      Given plan mode starts <a-start> for agent "A"
      And plan mode starts <b-start> for agent "B"
      And the model will answer request 1 of agent "A" by calling the probe tool
      And the model will answer request 1 of agent "B" by calling the probe tool
      When the user prompts agent "A" with "Survey the code" and the model holds its request 1
      And the user prompts agent "B" with "Survey the tests" and the model holds its request 1
      And the user turns plan mode <a-target> for agent "A"
      And the user turns plan mode <b-target> for agent "B"
      Then get reports plan mode <a-start> with plan mode <a-target> pending for agent "A"
      And get reports plan mode <b-start> with plan mode <b-target> pending for agent "B"
      When the model answers the held request 1 of agent "<first>" and its turn ends
      Then get reports plan mode <second-start> with plan mode <second-target> pending for agent "<second>"
      When the model answers the held request 1 of agent "<second>" and its turn ends
      Then request 2 of agent "A" is <a-guidance> plan mode
      And request 2 of agent "B" is <b-guidance> plan mode
      And the log of agent "A" holds the plan/mode events "<a-events>"
      And the log of agent "B" holds the plan/mode events "<b-events>"

      Examples:
        | case             | a-start | a-target | b-start | b-target | first | second | second-start | second-target | a-guidance | b-guidance | a-events | b-events |
        | both-enter-a-1st | off     | on       | off     | on       | A     | B      | off          | on            | in         | in         | on       | on       |
        | both-enter-b-1st | off     | on       | off     | on       | B     | A      | off          | on            | in         | in         | on       | on       |
        | enter-and-leave  | off     | on       | on      | off      | A     | B      | on           | off           | in         | not in     | on       | on, off  |
        | leave-and-enter  | on      | off      | off     | on       | B     | A      | on           | off           | not in     | in         | on, off  | on       |

    @id:concurrent-cancel-one-of-two @SCOPE-01 @SET-03
    Scenario: withdrawing one agent's pending selection leaves the other agent's waiting
      Given the model will answer request 1 of agent "A" by calling the probe tool
      And the model will answer request 1 of agent "B" by calling the probe tool
      When the user prompts agent "A" with "Survey the code" and the model holds its request 1
      And the user prompts agent "B" with "Survey the tests" and the model holds its request 1
      And the user turns plan mode on for agent "A"
      And the user turns plan mode on for agent "B"
      And the user turns plan mode off for agent "B"
      Then set returned cancelled
      And get reports plan mode off with plan mode on pending for agent "A"
      When the model answers the held request 1 of agent "B" and its turn ends
      And the model answers the held request 1 of agent "A" and its turn ends
      Then request 2 of agent "A" is in plan mode
      And request 2 of agent "B" is not in plan mode
      And the log of agent "A" holds the plan/mode events "on"
      And the log of agent "B" holds the plan/mode events "none"

  Rule: a fork takes its origin's logged state, after an idle selection or with a selection still waiting

    @id:concurrent-fork-after-idle-selection @STATE-04 @needs:fork
    Scenario Outline: a fork taken right after an idle selection <case>
      Given plan mode starts <start> for agent "A"
      When the user prompts agent "A" with "Look around"
      And the user turns plan mode <target> for agent "A"
      And agent "A" is forked
      Then get reports plan mode <target> for the fork
      When the user prompts the fork with "Continue in the fork"
      Then request 1 of the fork is <guidance> plan mode
      And the log of the fork holds the plan/mode events "<events>"
      And get reports plan mode <target> for agent "A"

      Examples:
        | case     | start | target | guidance | events  |
        | enters   | off   | on     | in       | on      |
        | leaves   | on    | off    | not in   | on, off |

    @id:concurrent-fork-with-selection-pending @STATE-04 @SCOPE-01 @needs:fork
    Scenario Outline: a fork taken while its origin has a selection waiting (<case>) starts in the logged state, and neither affects the other
      Given the model will answer request 1 of agent "A" <answer>
      When the user prompts agent "A" with "Survey the code" and the model holds its request 1
      And the user turns plan mode on for agent "A"
      And <before-fork>
      And agent "A" is forked
      Then get reports plan mode off for the fork
      When the user turns plan mode off for the fork
      Then set returned one of "noop, cancelled"
      When <after-fork>
      And the user prompts agent "A" with "Carry on"
      And the user prompts the fork with "Work in the fork"
      Then request 2 of agent "A" is in plan mode
      And request 1 of the fork is not in plan mode
      And the log of agent "A" holds the plan/mode events "on"
      And the log of the fork holds the plan/mode events "none"

      Examples:
        | case              | answer                    | before-fork                                                         | after-fork                                                          |
        | request-in-flight | by calling the probe tool | get reports plan mode off with plan mode on pending for agent "A"  | the model answers the held request 1 of agent "A" and its turn ends |
        | turn-ended        | with a closing text       | the model answers the held request 1 of agent "A" and its turn ends | get reports plan mode off with plan mode on pending for agent "A"  |

  Rule: an agent stays running however many other agents' turns start and end while its request is in flight

    @id:concurrent-turn-ends-inside-another @SCOPE-01 @SET-02 @SET-06
    Scenario Outline: agent "B" runs a whole turn while agent "A" waits for the model, then the user <action> for agent "A"
      Given the model will answer request 1 of agent "A" by calling the probe tool
      And while the model handles request 1 of agent "A", the user prompts agent "B" with "Survey the tests"
      And while the model handles request 1 of agent "A", the user <action> for agent "A"
      And while the model handles request 1 of agent "A", get reports plan mode off for agent "A", plan mode on pending
      When the user prompts agent "A" with "Survey the code"
      Then request 1 of agent "A" is not in plan mode
      And request 2 of agent "A" is in plan mode
      And request 1 of agent "B" is not in plan mode
      And get reports plan mode on for agent "A", no other mode pending
      And get reports plan mode off for agent "B", no other mode pending

      Examples:
        | case    | action                  |
        | set-on  | turns plan mode on      |

      @needs:commands
      Examples: by command
        | case       | action                       |
        | command-on | types the command "/plan"    |
