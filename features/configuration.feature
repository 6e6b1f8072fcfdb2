Feature: Configuring plan mode
  A deployment lists its plugins in YAML; the plan-mode entry configures one
  thing only, the `section` of guidance the model reads while plan mode is on.
  That text belongs to the deployment, so it reaches the model exactly as
  written, block-scalar line breaks included. Plan mode is deliberately not a
  general "modes" framework: it accepts no named modes, tool filters, sandbox
  or approval settings, and a deployment that tries (or forgets the section,
  or leaves it blank) must fail when it loads rather than run with guidance
  nobody intended. The error's wording is the host's own (shown for a person
  to read); naming an unknown key is recommended, not required.

  @id:cfg-seed-example @CFG-03 @CFG-01
  Scenario: the seed's own deployment example loads and its section reaches the model exactly
    Given the deployment is:
      """yaml
      - id: plan-mode
        name: '@deepseek-ai/dsh-plan-mode'
        config:
          section: |
            You are in plan mode. Explore and design before presenting the complete
            plan through exit_plan_mode.
      """
    When the host starts
    Then the host started
    When the user prompts "Hello"
    And the user turns plan mode on
    And the user prompts "Plan the importer"
    Then request 2 carries the deployment's section exactly as written, where request 1 had none
    And request 2 is in plan mode
    And request 1 is not in plan mode

  @id:cfg-block-scalar @CFG-03
  Scenario Outline: a block-scalar section keeps its line breaks and indentation exactly
    Given the deployment is:
      """yaml
      - id: plan-mode
        name: '@deepseek-ai/dsh-plan-mode'
        config:
          section: <style>
            Plan mode. Before changing anything:
              - read the code you would touch
              - list the risks

            Then present the plan through exit_plan_mode.
      """
    When the host starts
    Then the host started
    When the user prompts "Hello"
    And the user turns plan mode on
    And the user prompts "Plan the importer"
    Then request 2 carries the deployment's section exactly as written, where request 1 had none

    Examples:
      | case          | style |
      | literal-clip  | \|    |
      | literal-strip | \|-   |
      | folded        | >     |

  @id:cfg-block-scalar-keep @CFG-03 @POLICY-01
  Scenario Outline: a keep-chomped section keeps every trailing blank line exactly: <case>
    # Keep chomping (`|+`, `>+`) makes the blank lines after the text part of the section: the section ends in
    # four line breaks, and the model reads all four (a host that collapses them changed the section).
    Given the deployment is:
      """yaml
      - id: plan-mode
        name: '@deepseek-ai/dsh-plan-mode'
        config:
          section: <style>
            Plan mode. Before changing anything:
              - list the risks

            Then present the plan through exit_plan_mode.



        # the three blank lines above belong to the section
      """
    When the host starts
    Then the host started
    When the user prompts "Hello"
    And the user turns plan mode on
    And the user prompts "Plan the importer"
    Then request 2 carries the deployment's section exactly as written, where request 1 had none

    Examples:
      | case         | style |
      | literal-keep | \|+   |
      | folded-keep  | >+    |

  @id:cfg-invalid-section @CFG-01
  Scenario Outline: a missing, non-string, empty or blank section makes the host refuse to start
    Given the deployment is:
      """yaml
      - id: plan-mode
        name: '@deepseek-ai/dsh-plan-mode'
        config: <config>
      """
    When the host starts
    Then the host refuses to start

    Examples:
      | case           | config                     |
      | missing        | {}                         |
      | no-config      | ~                          |
      | number         | { section: 42 }            |
      | empty          | { section: "" }            |
      | blank          | { section: "   " }         |
      | blank-lines    | { section: "\\n\\t\\n" }  |
      | blank-unicode  | { section: "\\u3000\\u00a0\\u2003" } |
      | blank-bom-ls   | { section: "\\ufeff\\u2028\\u205f" } |

  @id:cfg-unknown-key @CFG-02
  Scenario Outline: any key besides section makes the host refuse to start: <case>
    Given the deployment is:
      """yaml
      - id: plan-mode
        name: '@deepseek-ai/dsh-plan-mode'
        config: <config>
      """
    When the host starts
    Then the host refuses to start

    Examples:
      | case            | config                                                    |
      | named-modes     | { section: "Plan first.", modes: [plan, build] }          |
      | tool-filter     | { section: "Plan first.", tools: { deny: [write] } }      |
      | sandbox         | { section: "Plan first.", sandbox: read-only }            |
      | approval-policy | { section: "Plan first.", approvalPolicy: on-request }    |
      | misspelt        | { sections: "Plan first." }                               |
      | two-keys-first  | { section: "Plan first.", modes: [plan], sandbox: "off" } |

  @id:cfg-unknown-key-empty-value @CFG-02
  Scenario Outline: a key besides section with an empty value makes the host refuse to start: <case>
    Given the deployment is:
      """yaml
      - id: plan-mode
        name: '@deepseek-ai/dsh-plan-mode'
        config:
          section: Plan first.
          <entry>
      """
    When the host starts
    Then the host refuses to start

    Examples:
      | case           | entry        |
      | null-by-colon  | modes:       |
      | null-by-tilde  | modes: ~     |
      | null-by-word   | tools: null  |
      | empty-string   | sandbox: ""  |
      | empty-list     | modes: []    |
      | empty-mapping  | tools: {}    |
      | false          | modes: false |

  @id:cfg-unknown-key-any-name @CFG-02
  Scenario Outline: a key besides section makes the host refuse to start whatever its name: <case>
    Given the deployment is:
      """yaml
      - id: plan-mode
        name: '@deepseek-ai/dsh-plan-mode'
        config:
          section: Plan first.
          <entry>
      """
    When the host starts
    Then the host refuses to start

    Examples:
      | case               | entry                 |
      | extension-prefix   | x-modes: [plan]       |
      | underscore-comment | _comment: plan first  |
      | dollar-schema      | $schema: plan.json    |
      | upper-case-section | Section: Plan first.  |
      | quoted-padded      | "section ": Plan.     |
      | non-ascii-name     | 模式: plan            |

  @id:cfg-unknown-key-named @CFG-04
  Scenario Outline: the load error for an unknown key names the key: <case>
    Given the deployment is:
      """yaml
      - id: plan-mode
        name: '@deepseek-ai/dsh-plan-mode'
        config: <config>
      """
    When the host starts
    Then the host refuses to start with a message naming "<key>"

    Examples:
      | case            | config                                                    | key                |
      | named-modes     | { section: "Plan first.", modes: [plan, build] }          | modes              |
      | tool-filter     | { section: "Plan first.", tools: { deny: [write] } }      | tools              |
      | sandbox         | { section: "Plan first.", sandbox: read-only }            | sandbox            |
      | approval-policy | { section: "Plan first.", approvalPolicy: on-request }    | approvalPolicy     |
      | misspelt        | { sections: "Plan first." }                               | sections           |
      | two-keys        | { section: "Plan first.", modes: [plan], sandbox: "off" } | modes or sandbox   |

  @id:cfg-malformed-yaml @CFG-03
  Scenario: a deployment that is not valid YAML makes the host refuse to start
    Given the deployment is:
      """yaml
      - id: plan-mode
        name: '@deepseek-ai/dsh-plan-mode'
        config:
          section: "You are in plan mode.
        - broken: [
      """
    When the host starts
    Then the host refuses to start
