// The auth feature's public face for the other features: the sign-in paths and route guards.
export * from './guards';
// The browser's passkey ceremonies (the invitation page creates one).
export { passkeyRegistration, passkeysSupported } from './passkey';
