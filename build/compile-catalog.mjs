#!/usr/bin/env node
/** Checks features/clauses.yaml once at build time and writes it as JSON for runs to read (see clause-catalog.ts). */
import { compileCatalog } from '../dist/conformance/catalog/clause-catalog.js';

await compileCatalog();
