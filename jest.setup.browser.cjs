// react-router 7 needs the encoders that jsdom leaves out.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
require('@testing-library/jest-dom');
// React's act() warns unless the environment says it supports it (Testing Library sets it too).
globalThis.IS_REACT_ACT_ENVIRONMENT = true;
