/** The public surface of core/log/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { createLogger, type Logger, silentLogger } from './log.js';
