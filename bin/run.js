#!/usr/bin/env node
import { execute } from '@oclif/core';
import { cliLoadOptions } from './load-options.js';

await execute({ loadOptions: cliLoadOptions() });
