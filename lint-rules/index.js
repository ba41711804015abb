// The project's own lint rules (eslint.config.js loads them as the `forkful` plugin).
import { dynamicImport } from './dynamic-import.js';
import { moduleShape } from './module-shape.js';

export default {
  meta: { name: 'forkful' },
  rules: { 'module-shape': moduleShape, 'dynamic-import': dynamicImport },
};
