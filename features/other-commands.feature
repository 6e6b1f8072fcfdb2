Feature: Commands other than /plan
  A host's command registry holds many commands besides `/plan`. The `plan`
  projection folds only `command/run` records named `plan`; every other
  command returns the very same projection state, so it changes no view and
  causes no push, and it changes neither plan mode nor its log. The kit
  registers its own `/probe` command beside `/plan` to see that a line which
  merely looks like one (`/probe off`, `/probe plan`) is left alone.

  Rule: a command other than /plan leaves plan mode, its log and the plan projection alone

    @id:other-command-leaves-plan-alone @PROJ-02 @needs:commands @needs:projections
    Scenario Outline: typing "<line>" with plan mode <start> changes nothing of plan mode
      Given plan mode starts <start>
      When the user prompts "Look around"
      And the user types the probe command "<line>"
      Then the probe command ran once for the agent with the argument "<args>" and succeeded
      And plan mode, its log and the plan projection are as they were before the probe command

      Examples:
        | case            | start | line              | args     |
        | bare-off        | off   | /probe            |          |
        | bare-on         | on    | /probe            |          |
        | looks-like-off  | on    | /probe off        | off      |
        | looks-like-plan | off   | /probe plan       | plan     |
        | padded-off      | on    | /probe    off     | off      |

    @id:other-command-keeps-pending @PROJ-02 @PROJ-03 @needs:commands @needs:projections
    Scenario Outline: typing "<line>" while a /plan selection waits leaves it waiting
      Given plan mode starts <start>
      And while the model handles request 1, the user types the command "<plan-line>"
      When the user prompts "Look around"
      And the user types the probe command "<line>"
      Then the probe command ran once for the agent with the argument "<args>" and succeeded
      And plan mode, its log and the plan projection are as they were before the probe command
      And the projection shows plan mode <start> with a selection pending
      When the user prompts "Carry on"
      Then the log holds the plan/mode events "<events>"
      And the projection shows plan mode <after> with nothing pending

      Examples:
        | case            | start | plan-line  | line        | args | after | events  |
        | entry-waits     | off   | /plan      | /probe off  | off  | on    | on      |
        | exit-waits      | on    | /plan off  | /probe      |      | off   | on, off |
