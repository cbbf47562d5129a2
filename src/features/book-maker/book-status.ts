// A book's status in a child's words, the same on the maker's screens and the dashboard.
import { t } from '@lingui/core/macro';

export function bookStatusText(status: string | undefined): string {
  switch (status) {
    case 'sending':
      return t`Will be sent to the school`;
    case 'submitted':
      return t`Sent to the school`;
    case 'published':
      return t`Published`;
    case 'class':
      return t`Kept for the class`;
    default:
      return t`Draft`;
  }
}
