import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render';
import { ThemeToggle } from './ThemeToggle';

describe('ThemeToggle', () => {
  it('starts dark with a moon, then switches to light, saving `theme` and data-theme', () => {
    renderAt(<ThemeToggle />);
    expect(screen.getByTestId('icon-moon')).toBeTruthy();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');

    fireEvent.click(screen.getByRole('button', { name: 'Switch to light mode' }));

    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(screen.getByTestId('icon-sun')).toBeTruthy();
    expect(screen.queryByTestId('icon-moon')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
  });

  it('restores a saved light theme on load', () => {
    localStorage.setItem('theme', 'light');
    renderAt(<ThemeToggle />);
    expect(screen.getByTestId('icon-sun')).toBeTruthy();
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
  });
});
