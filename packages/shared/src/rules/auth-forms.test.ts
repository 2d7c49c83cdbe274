import { describe, expect, it } from 'vitest';
import { adminLoginError, loginError, registerError } from './auth-forms';

describe('auth form rules', () => {
  it.each([
    ['a@b.in', 'secret', null],
    ['  ', 'secret', 'Please fill all fields'],
    ['a@b.in', '   ', 'Please fill all fields'],
    [undefined, undefined, 'Please fill all fields'],
  ])('login %j / %j → %j', (email, password, message) => {
    expect(loginError(email, password)).toBe(message);
  });

  it.each([
    ['admin@shop.in', 'x', null],
    ['admin', 'x', 'Please enter a valid email address'],
    ['', 'x', 'Please fill all fields'],
  ])('admin login %j → %j', (email, password, message) => {
    expect(adminLoginError(email, password)).toBe(message);
  });

  it.each([
    [{ name: 'A', email: 'a@b.in', password: 'p1', confirmPassword: 'p1' }, null],
    [{ name: '', email: 'a@b.in', password: 'p1', confirmPassword: 'p1' }, 'All fields are required'],
    [{ name: 'A', email: 'a@b.in', password: 'p1' }, 'All fields are required'],
    [{ name: 'A', email: 'a@b.in', password: 'p1', confirmPassword: 'p2' }, 'Passwords do not match'],
  ])('register %j → %j', (form, message) => {
    expect(registerError(form)).toBe(message);
  });
});
