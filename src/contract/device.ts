// The device id header: the PWA names its device on sign-in requests and the server counts
// failed attempts per device with it. Plain constants: the API client is on the first load.

export const DEVICE_HEADER = 'X-Device-Id';
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
