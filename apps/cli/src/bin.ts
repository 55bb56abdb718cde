#!/usr/bin/env node
import { run } from './program';

void run(process.argv).then((code) => {
  process.exitCode = code;
});
