// A book's status in a child's words, the same on the maker's screens and the dashboard.

export function bookStatusText(status: string | undefined): string {
  switch (status) {
    case 'sending':
      return 'Will be sent to the school';
    case 'submitted':
      return 'Sent to the school';
    case 'published':
      return 'Published';
    case 'class':
      return 'Kept for the class';
    default:
      return 'Draft';
  }
}
