/**
 * Every module that registers with cucumber (world, hooks, parameter types,
 * steps), in one list. The kit builds its support library by importing this
 * module (`runner/support-library.ts`) rather than letting cucumber import
 * files by glob, so the suite's child process can ship as one bundle.
 * A unit test fails when a step file is missing here.
 */
import './hooks.js';
import './parameter-types.js';
import '../steps/agent-sessions.steps.js';
import '../steps/boundaries.steps.js';
import '../steps/commands.steps.js';
import '../steps/concurrent-agents.steps.js';
import '../steps/configuration.steps.js';
import '../steps/delegation.steps.js';
import '../steps/conversation-growth.steps.js';
import '../steps/conversation.steps.js';
import '../steps/exit-tool.steps.js';
import '../steps/images.steps.js';
import '../steps/input-edges.steps.js';
import '../steps/lifecycle.steps.js';
import '../steps/log.steps.js';
import '../steps/notices.steps.js';
import '../steps/observers.steps.js';
import '../steps/other-commands.steps.js';
import '../steps/probe-tool.steps.js';
import '../steps/projection.steps.js';
import '../steps/prompt-and-catalog.steps.js';
import '../steps/readings.steps.js';
import '../steps/request-headers.steps.js';
import '../steps/requests.steps.js';
import '../steps/review.steps.js';
import '../steps/selection.steps.js';
import '../steps/setup.steps.js';
import '../steps/switch-sequences.steps.js';
import '../steps/tool-modes.steps.js';
import '../steps/tool-results.steps.js';
