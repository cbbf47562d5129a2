// A change refused because the device is out of space. Its own module (no device database), so
// the screens that tell the user about it do not load the outbox's code to recognise it.
export class StorageFullError extends Error {
  constructor() {
    super('This device is out of storage space, so the change was not saved. Free some space and try again.');
  }
}
