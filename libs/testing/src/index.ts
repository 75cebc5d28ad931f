export * from './mail-inbox.js';
export * from './test-platform.js';
export * from './auth-client.js';
export * from './factories.js';
export * from './browser.js';
export * from './images.js';
export * from './totp.js';
export * from './http.js';
