// The roster screens' words, for the screens and the server alike. Re-exported by ./messages.

/** The roster screens' words: classes, students, CSV, pins, login cards. */
export const ROSTER_MSG = {
  firstNameRequired: 'Please enter first name',
  lastNameRequired: 'Please enter last name',
  newPasswordRequired: 'Please enter new password',
  privacyRequired: 'Please select privacy preference',
  studentUpdateFailed: 'Failed to update student',
  studentUpdated: 'Student updated successfully',
  studentMissing: 'Student data not available',
  privacySame: 'Invalid privacy preference transition.',
  privacyUpdated: 'Privacy preference updated successfully!',
  privacyFailed: 'Failed to update privacy preference.',
  addFailed: 'Failed to add students. Please try again.',
  added: 'Students added successfully!',
  addAtLeastOne: 'Please add at least one student',
  csvUploaded: 'CSV file uploaded successfully! All student accounts have been registered.',
  csvFailed: 'Failed to upload CSV file. Please check your file and try again.',
  csvNotCsv: 'Please upload a valid CSV file.',
  csvTooBig: 'File size exceeds 5MB limit.',
  pinFailed: 'Failed to update content pin status. Please try again.',
  pinned: 'Content pinned for {n} {unit}',
  unpinned: 'Content unpinned successfully!',
  classLoadFailed: 'Failed to fetch class data',
  filtersFailed: 'Failed to apply filters',
  emptyClass: 'There are currently no students in this class. Please add some students.',
  classCodeCopied: 'Class ID copied successfully.',
  classCodeCopyFailed: 'Failed to copy class ID.',
  qrMissingCredentials: 'Failed to generate QR code: Missing credentials',
  loginInfoFailed: 'Failed to download Login Info',
  classNotFound: 'Class not found',
} as const;

/**
 * Roster words of our own where the spec is silent (CSV columns, privacy warning, transfers).
 */
export const ROSTER_OWN_MSG = {
  csvColumns: 'The CSV file needs a first name and a last name column.',
  csvEmpty: 'The CSV file has no students in it.',
  privacyWarning: "Changing the privacy preference changes the visibility of all of this student's previous and future posts.",
  dateRange: 'The from date cannot be after the to date.',
  bulkNeedsRows: 'Please select at least one student.',
  bulkNeedsAction: 'Please choose an action and an option.',
  archived: 'Students archived.',
  transferred: 'Students transferred.',
  featured: 'Students featured.',
  unfeatured: 'Students unfeatured.',
  noSuchStudents: 'Some of these students are not in your classes.',
  noSuchContent: 'This content was not found on this site.',
  notSynced: 'Not yet synced',
} as const;
