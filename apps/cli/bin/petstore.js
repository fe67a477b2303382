#!/usr/bin/env node
// Committed so that pnpm can link the `petstore` bin at install, before the build has made dist/.
import '../dist/main.js';
