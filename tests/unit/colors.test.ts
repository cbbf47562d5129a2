// Tenant branding: every *color* field becomes a CSS variable of the same name.
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TENANT_COLORS, TENANT_COLOR_FIELDS } from '@/contract/tenant-colors';
import { applyTenantColors, readableOn } from '@/ui/tenant-colors';

beforeEach(() => {
  document.documentElement.removeAttribute('style');
});

describe('tenant colours', () => {
  it('applies every field whose name contains color, under the same name', () => {
    const root = document.documentElement;
    const applied = applyTenantColors({
      school_name: 'Greenfield',
      ...DEFAULT_TENANT_COLORS,
      primary_color: '#2E7D32',
      button_color: '#F9A825',
    });
    expect(applied.sort()).toEqual([...TENANT_COLOR_FIELDS].sort());
    expect(root.style.getPropertyValue('--primary_color')).toBe('#2E7D32');
    expect(root.style.getPropertyValue('--button_color')).toBe('#F9A825');
    expect(root.style.getPropertyValue('--bg_primary_color')).toBe('#ADC7FA');
    expect(root.style.getPropertyValue('--school_name')).toBe('');
  });

  it('also applies colour fields it does not know yet', () => {
    applyTenantColors({ sidebar_color: '#123456' });
    expect(document.documentElement.style.getPropertyValue('--sidebar_color')).toBe('#123456');
  });

  it('ignores values that are not colours', () => {
    const applied = applyTenantColors({ primary_color: 'red; background: url(x)', button_color: 42 });
    expect(applied).toEqual([]);
    expect(document.documentElement.style.getPropertyValue('--primary_color')).toBe('');
  });

  it('derives readable text colours for buttons and the primary bar', () => {
    expect(readableOn('#11365A')).toBe('#FFFFFF');
    expect(readableOn('#F9A825')).toBe('#000000');
    expect(readableOn('#d71a5f')).toBe('#FFFFFF');
    applyTenantColors({ button_color: '#F9A825' });
    expect(document.documentElement.style.getPropertyValue('--on-button')).toBe('#000000');
  });
});
