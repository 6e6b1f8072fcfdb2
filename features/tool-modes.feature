Feature: The exit tool under every tool registry mode
  A host's tool registry may present the tools in more than one way: natively
  (a schema per tool on the wire), in a code mode (the wire carries one
  code-running tool, and a generated SDK text shows the model every tool as a
  binding a program calls), or both at once. Plan mode holds in every mode the
  host has: `exit_plan_mode` is reachable the way that mode reaches tools, and
  everything the model is shown of the tools (wire schemas and SDK text) is
  byte-identical in both plan states and across every transition, so the
  cached prompt prefix survives. An exit called from a program is the same
  call as a native one: one review carrying the plan byte for byte, exact
  approval only, the same outcomes and plan state, whatever the program does
  with the result. The program language, the SDK's wording and shape, and
  how a program's calls are logged are the host's own; the kit writes its
  programs from the template the adapter gives. A host without modes skips
  the code and both rows, with its reason.

  @id:tool-modes-exit-reachable @TOOL-07 @TOOL-01
  Scenario Outline: exit_plan_mode is reachable the way the mode reaches tools, whatever the state: <case>
    Given the host presents its tools in <mode> mode
    And the agent starts with plan mode <state>
    When the user prompts "Look around"
    Then request 1 is <guidance> plan mode
    And request 1 reaches exit_plan_mode the way <mode> mode reaches tools

    Examples: native
      | case            | mode   | state | guidance |
      | native-active   | native | on    | in       |
      | native-inactive | native | off   | not in   |

    @needs:codeMode
    Examples: code
      | case          | mode | state | guidance |
      | code-active   | code | on    | in       |
      | code-inactive | code | off   | not in   |

    @needs:bothMode
    Examples: both
      | case          | mode | state | guidance |
      | both-active   | both | on    | in       |
      | both-inactive | both | off   | not in   |

  @id:tool-modes-stable-idle @TOOL-07 @TOOL-02
  Scenario Outline: a selection between turns leaves the wire tools and the SDK text exactly as they were: <case>
    Given the host presents its tools in <mode> mode
    And the agent starts with plan mode <start>
    When the user prompts "Look around"
    And the user turns plan mode <target>
    And the user prompts "Carry on"
    Then the headers of requests 1 and 2 describe plan mode <start> and <target>
    And every request carried the same tool catalog
    And every request showed the same SDK text

    @needs:codeMode
    Examples: code
      | case       | mode | start | target |
      | code-enter | code | off   | on     |
      | code-leave | code | on    | off    |

    @needs:bothMode
    Examples: both
      | case       | mode | start | target |
      | both-enter | both | off   | on     |
      | both-leave | both | on    | off    |

  @id:tool-modes-stable-mid-turn @TOOL-07 @TOOL-02
  Scenario Outline: selections applied mid-turn leave the wire tools and the SDK text exactly as they were: <case>
    Given the host presents its tools in <mode> mode
    And request 1 will be followed by a continuation
    And request 2 will be followed by a continuation
    And while the model handles request 1, the user turns plan mode on
    And while the model handles request 2, the user turns plan mode off
    When the user keeps prompting until the agent has made 3 model requests
    Then the headers of requests 1 and 2 describe plan mode off and on
    And the log holds the plan/mode events "on, off"
    And every request carried the same tool catalog
    And every request showed the same SDK text

    @needs:codeMode
    Examples: code
      | case                  | mode |
      | code-enter-and-leave  | code |

    @needs:bothMode
    Examples: both
      | case                  | mode |
      | both-enter-and-leave  | both |

  @id:tool-modes-program-exit-approved @TOOL-07 @TOOL-08 @TOOL-02 @TOOL-05 @NARR-04 @needs:questions
  Scenario Outline: an exit approved from a program leaves plan mode, adds no notice, and changes nothing the model is shown of the tools: <case>
    Given the host presents its tools in <mode> mode
    And plan mode is on
    And the model will answer request 1 with a program calling exit_plan_mode with the plan "# 1. Read the importer. 2. Rewrite its parser."
    And the user will answer the review by selecting Approve
    When the user prompts "Plan the importer"
    And the user prompts "Go ahead"
    Then the user was asked 1 plan review
    And request 1 is in plan mode
    And request 2 is not in plan mode
    And request 2 adds no notice
    And request 3 is not in plan mode
    And the plan/mode event comes before the header of request 2, which is the first to show it
    And get reports plan mode off with nothing pending
    And the log holds the plan/mode events "on, off"
    And every request carried the same tool catalog
    And every request showed the same SDK text

    @needs:codeMode
    Examples: code
      | case          | mode |
      | code-approved | code |

    @needs:bothMode
    Examples: both
      | case          | mode |
      | both-approved | both |

  @id:tool-modes-program-exit-review @TOOL-08 @TOOL-04 @REVIEW-01 @needs:questions
  Scenario Outline: an exit from a program opens one plan review carrying the plan byte for byte: <case>
    Given the host presents its tools in <mode> mode
    And plan mode is on
    And the model will answer request 1 with a program calling exit_plan_mode with the plan:
      """
        # Plan: rename the "legacy" flag  

      1. Replace `${OLD_FLAG}` with `NEW_FLAG` in C:\config\app.ini; keep the \n and \" escapes as they are.
      2. Relabel the 设置 page: «Nouveau drapeau» ✓ 🚀 (e + ́ stays two code points: é)
      3. Leave the {{plan}} placeholders and '</script>' in the templates alone.	
      """
    And the user will answer the review by selecting the keep-planning option
    When the user prompts "Plan the rename"
    Then the user was asked exactly one plan review, for the agent, showing the plan:
      """
        # Plan: rename the "legacy" flag  

      1. Replace `${OLD_FLAG}` with `NEW_FLAG` in C:\config\app.ini; keep the \n and \" escapes as they are.
      2. Relabel the 设置 page: «Nouveau drapeau» ✓ 🚀 (e + ́ stays two code points: é)
      3. Leave the {{plan}} placeholders and '</script>' in the templates alone.	
      """
    And the review declares the plan-review intent and names Approve as approving
    And the review offers Approve beside a keep-planning option
    And request 2 is in plan mode
    And the log holds the plan/mode events "on"

    @needs:codeMode
    Examples: code
      | case        | mode |
      | code-review | code |

    @needs:bothMode
    Examples: both
      | case        | mode |
      | both-review | both |

  @id:tool-modes-program-exit-invisible-characters @TOOL-08 @TOOL-04 @needs:questions
  Scenario Outline: a plan with invisible, format and combining characters reaches the review from a program byte for byte: <case>
    Given the host presents its tools in <mode> mode
    And plan mode is on
    And the model will answer request 1 with a program calling exit_plan_mode with the plan "<plan>", reading ⇥, ↵ and ⟨U+hex⟩ as that character
    And the user will answer the review by selecting the keep-planning option
    When the user prompts "Plan the rename"
    Then the user was asked exactly one plan review, for the agent, showing the plan "<plan>", reading ⇥, ↵ and ⟨U+hex⟩ the same way
    And request 2 is in plan mode

    @needs:codeMode
    Examples: code
      | case              | mode | plan                                                                          |
      | zero-width-joiner | code | # Plan 👩⟨U+200D⟩💻↵1. Join⟨U+200D⟩ed and non⟨U+200C⟩joined.                     |
      | bidi-controls     | code | # ⟨U+202E⟩Plan⟨U+202C⟩ ⟨U+2067⟩مرحبا⟨U+2069⟩ ⟨U+200E⟩x⟨U+200F⟩                |
      | bom-and-nbsp      | code | # ⟨U+FEFF⟩Plan⟨U+00A0⟩⟨U+FEFF⟩now⟨U+2060⟩↵⟨U+FEFF⟩⟨U+3000⟩2. ⟨U+200B⟩Go          |
      | nfd-and-selectors | code | # Re⟨U+0301⟩sume⟨U+0301⟩ ✓⟨U+FE0F⟩ ☃⟨U+FE0E⟩ e⟨U+0301⟩⟨U+0327⟩↵⟨U+2028⟩Then act⟨U+2029⟩ |

    @needs:bothMode
    Examples: both
      | case            | mode | plan                                                      |
      | both-invisibles | both | # ⟨U+202E⟩Plan⟨U+202C⟩ 👩⟨U+200D⟩💻 cafe⟨U+0301⟩⟨U+200B⟩↵⟨U+FEFF⟩ |

  @id:tool-modes-program-exit-outcomes @TOOL-08 @TOOL-04
  Scenario Outline: an exit from a program ends as a native exit ends: <case>
    Given the host presents its tools in <mode> mode
    And <reply>
    And plan mode is on
    And the model will answer request 1 with a program calling exit_plan_mode with the plan "# 1. Add the column. 2. Backfill it."
    When the user prompts "Plan the schema change"
    Then the number of plan reviews the user was asked is 1
    And request 2 is <state> plan mode
    And request 2 adds no notice
    And get reports plan mode <after> with nothing pending
    And the log holds the plan/mode events "<events>"

    @needs:codeMode @needs:questions @TOOL-05 @NARR-04 @REVIEW-03 @REVIEW-04 @REVIEW-05 @REVIEW-06
    Examples: code
      | case                   | mode | reply                                                                                            | state  | after | events  |
      | code-approve           | code | the user will answer the review by selecting Approve                                             | not in | off   | on, off |
      | code-keep-planning     | code | the user will answer the review by selecting the keep-planning option with the feedback "Backfill in batches" | in | on | on |
      | code-approve-with-text | code | the user will answer the review by selecting Approve with the feedback "but keep the old column" | in     | on    | on      |
      | code-two-selections    | code | the user will answer the review by selecting both Approve and the keep-planning option           | in     | on    | on      |
      | code-dismissed         | code | the user will dismiss the review to talk instead                                                 | in     | on    | on      |
      | code-provider-error    | code | the question provider will fail the review with "question service returned 503"                  | in     | on    | on      |

    @needs:bothMode @needs:questions @TOOL-05 @NARR-04 @REVIEW-03 @REVIEW-04 @REVIEW-05 @REVIEW-06
    Examples: both
      | case                   | mode | reply                                                                                            | state  | after | events  |
      | both-approve           | both | the user will answer the review by selecting Approve                                             | not in | off   | on, off |
      | both-keep-planning     | both | the user will answer the review by selecting the keep-planning option with the feedback "Backfill in batches" | in | on | on |
      | both-approve-with-text | both | the user will answer the review by selecting Approve with the feedback "but keep the old column" | in     | on    | on      |
      | both-two-selections    | both | the user will answer the review by selecting both Approve and the keep-planning option           | in     | on    | on      |
      | both-dismissed         | both | the user will dismiss the review to talk instead                                                 | in     | on    | on      |
      | both-provider-error    | both | the question provider will fail the review with "question service returned 503"                  | in     | on    | on      |

  @id:tool-modes-native-exit-beside-code @TOOL-07 @TOOL-04 @needs:bothMode @needs:questions
  Scenario: with both modes, exit_plan_mode called natively opens the review as in native mode
    # The wire offers exit_plan_mode beside the code-running tool, so a native call is as good as a program's.
    Given the host presents its tools in both mode
    And plan mode is on
    And the model will answer request 1 by calling exit_plan_mode with the plan "# 1. Add the column. 2. Backfill it."
    And the user will answer the review by selecting Approve
    When the user prompts "Plan the schema change"
    Then the user was asked one plan review, for the agent, showing the plan "# 1. Add the column. 2. Backfill it."
    And request 2 of the agent shows exit_plan_mode succeeding
    And request 2 is not in plan mode
    And get reports plan mode off with nothing pending

  @id:tool-modes-program-exit-inactive @TOOL-08 @TOOL-03
  Scenario Outline: an exit from a program outside plan mode opens no review and changes nothing: <case>
    Given the host presents its tools in <mode> mode
    And the model will answer request 1 with a program calling exit_plan_mode with the plan "# 1. Read. 2. Write."
    When the user prompts "Plan the change"
    Then no plan review was opened
    And the log holds the plan/mode events "none"
    And get reports plan mode off with nothing pending
    And request 2 is not in plan mode
    And request 2 adds no notice

    @needs:codeMode
    Examples: code
      | case          | mode |
      | code-inactive | code |

    @needs:bothMode
    Examples: both
      | case          | mode |
      | both-inactive | both |

  @id:tool-modes-program-exit-owned-child @TOOL-08 @REVIEW-07 @edition:0.0.1-rc.1 @edition:rc.8 @needs:ownedChild @needs:questions
  Scenario Outline: a child owned by a live agent cannot open the review from a program either: <case>
    Given the host presents its tools in <mode> mode
    And the child is a child agent owned by the agent
    And plan mode is on for the child
    And the model will answer request 1 of the child with a program calling exit_plan_mode with the plan "# Split the importer into two passes"
    And the user will answer the review by selecting Approve
    When the user prompts the child with "Plan the importer"
    Then no plan review was opened
    And request 2 of the child is in plan mode
    And get reports plan mode on for the child, no other mode pending
    And the log of the child holds the plan/mode events "on"

    @needs:codeMode
    Examples: code
      | case             | mode |
      | code-owned-child | code |

    @needs:bothMode
    Examples: both
      | case             | mode |
      | both-owned-child | both |
