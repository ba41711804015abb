// The captcha module's public file (docs/decisions/module-boundaries.md).
export { requireCaptcha, verifyCaptcha } from './captcha.service.js';
