// The roster screens' words, for the screens and the server alike. Re-exported by ./messages.

/** The roster screens' words: classes, students, CSV, pins, login cards. */
export const ROSTER_MSG = {
  firstNameRequired: /*i18n*/ 'Please enter first name',
  lastNameRequired: /*i18n*/ 'Please enter last name',
  newPasswordRequired: /*i18n*/ 'Please enter new password',
  privacyRequired: /*i18n*/ 'Please select privacy preference',
  studentUpdateFailed: /*i18n*/ 'Failed to update student',
  studentUpdated: /*i18n*/ 'Student updated successfully',
  studentMissing: /*i18n*/ 'Student data not available',
  privacySame: /*i18n*/ 'Invalid privacy preference transition.',
  privacyUpdated: /*i18n*/ 'Privacy preference updated successfully!',
  privacyFailed: /*i18n*/ 'Failed to update privacy preference.',
  addFailed: /*i18n*/ 'Failed to add students. Please try again.',
  added: /*i18n*/ 'Students added successfully!',
  addAtLeastOne: /*i18n*/ 'Please add at least one student',
  csvUploaded: /*i18n*/ 'CSV file uploaded successfully! All student accounts have been registered.',
  csvFailed: /*i18n*/ 'Failed to upload CSV file. Please check your file and try again.',
  csvNotCsv: /*i18n*/ 'Please upload a valid CSV file.',
  csvTooBig: /*i18n*/ 'File size exceeds 5MB limit.',
  pinFailed: /*i18n*/ 'Failed to update content pin status. Please try again.',
  pinned: /*i18n*/ 'Content pinned for {n} {unit}',
  unpinned: /*i18n*/ 'Content unpinned successfully!',
  classLoadFailed: /*i18n*/ 'Failed to fetch class data',
  filtersFailed: /*i18n*/ 'Failed to apply filters',
  emptyClass: /*i18n*/ 'There are currently no students in this class. Please add some students.',
  classCodeCopied: /*i18n*/ 'Class ID copied successfully.',
  classCodeCopyFailed: /*i18n*/ 'Failed to copy class ID.',
  qrMissingCredentials: /*i18n*/ 'Failed to generate QR code: Missing credentials',
  loginInfoFailed: /*i18n*/ 'Failed to download Login Info',
  classNotFound: /*i18n*/ 'Class not found',
} as const;

/**
 * Roster words of our own where the spec is silent (CSV columns, privacy warning, transfers).
 */
export const ROSTER_OWN_MSG = {
  csvColumns: /*i18n*/ 'The CSV file needs a first name and a last name column.',
  csvEmpty: /*i18n*/ 'The CSV file has no students in it.',
  privacyWarning: /*i18n*/ "Changing the privacy preference changes the visibility of all of this student's previous and future posts.",
  dateRange: /*i18n*/ 'The from date cannot be after the to date.',
  bulkNeedsRows: /*i18n*/ 'Please select at least one student.',
  bulkNeedsAction: /*i18n*/ 'Please choose an action and an option.',
  archived: /*i18n*/ 'Students archived.',
  transferred: /*i18n*/ 'Students transferred.',
  featured: /*i18n*/ 'Students featured.',
  unfeatured: /*i18n*/ 'Students unfeatured.',
  noSuchStudents: /*i18n*/ 'Some of these students are not in your classes.',
  noSuchContent: /*i18n*/ 'This content was not found on this site.',
  notSynced: /*i18n*/ 'Not yet synced',
} as const;
