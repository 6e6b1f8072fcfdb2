/** Steps that shape the host before it starts: configuration and composition. */
import { Given } from '@cucumber/cucumber';
import { deploymentFromDocString } from '../world/deployment-text.js';
import type { PlanWorld } from '../world/plan-world.js';

Given('the plan-mode section is {string}', function (this: PlanWorld, section: string) {
  this.assertNotStarted('the plan-mode section');
  this.planConfig = { section };
});

Given('the host also has probe sections at orders {string}', function (this: PlanWorld, list: string) {
  this.assertNotStarted('further probe sections');
  const orders = list.split(',').map((part) => Number(part.trim()));
  const bad = orders.find((order) => !Number.isFinite(order) || order === 50);
  if (bad !== undefined) throw new Error(`probe section orders must be numbers other than 50: ${JSON.stringify(list)}`);
  this.orderedProbes.push(...orders);
});

Given('the deployment is:', function (this: PlanWorld, yamlText: string) {
  this.assertNotStarted('the deployment');
  this.deploymentText = deploymentFromDocString(yamlText);
});

Given('the host is composed without a command registry', function (this: PlanWorld) {
  this.assertNotStarted('the composition');
  this.compose.commands = false;
});

Given('the host is composed without a question channel', function (this: PlanWorld) {
  this.assertNotStarted('the composition');
  this.compose.questions = false;
});

Given('the host is composed without a projection registry', function (this: PlanWorld) {
  this.assertNotStarted('the composition');
  this.compose.projections = false;
});
