/** The command's version (apps/cli/package.json's `version`; a test keeps the two equal). */
export const VERSION = '0.1.0';
