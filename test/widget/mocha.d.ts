// The widget tests run in Mocha (web-test-runner); the root typecheck sees its globals through this file.
/// <reference types="mocha" />
