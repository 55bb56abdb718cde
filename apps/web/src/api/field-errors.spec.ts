/// <reference types="jest" />
// Run by the repository's Jest (the web app's own types name no test runner).
import { fieldName, inFormWords } from './field-errors';

describe('inFormWords', () => {
  // [the API's field, its message, the form's label (none: unlabelled), what the form says]
  it.each([
    // The validator's rule, said plainly after the field's label.
    [
      'clientId',
      'clientId must be longer than or equal to 1 characters',
      'Client ID',
      'Client ID is required',
    ],
    [
      'name',
      'name must be longer than or equal to 2 characters',
      'Connection name',
      'Connection name must be at least 2 characters',
    ],
    [
      'name',
      'name must be shorter than or equal to 80 characters',
      'Connection name',
      'Connection name must be at most 80 characters',
    ],
    ['name', 'name should not be empty', 'Name', 'Name is required'],
    // A rule the API wrote without the field, and a sentence of its own, after the label.
    ['email', 'must be an email address', 'Email', 'Email must be an email address'],
    ['url', 'Only http and https URLs are allowed', 'URL', 'URL: Only http and https URLs are allowed'],
    // A nested or listed field by its label, and one without a label by the API's name in words.
    [
      'docTabs.0.key',
      'key must be shorter than or equal to 40 characters',
      'Tab 1 key',
      'Tab 1 key must be at most 40 characters',
    ],
    [
      'deliversIdeaIds',
      'each value in deliversIdeaIds must be a UUID',
      'Delivered ideas',
      'Delivered ideas: each must be an id (a UUID)',
    ],
    ['organizationId', 'organizationId should not be empty', undefined, 'Organization id is required'],
  ])('words %s: %s', (field, message, label, said) => {
    expect(inFormWords({ field, message }, label)).toBe(said);
  });

  it("names a field without a label by the API's name in words", () => {
    expect(fieldName('docTabs.1.title')).toBe('Doc tabs');
  });
});
