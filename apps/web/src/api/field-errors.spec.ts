/// <reference types="jest" />
// Run by the repository's Jest (the web app's own types name no test runner).
import { fieldName, inFormWords } from './field-errors';

describe('inFormWords', () => {
  it("names the field by its label and says the validator's rule plainly", () => {
    const short = { field: 'clientId', message: 'clientId must be longer than or equal to 1 characters' };
    expect(inFormWords(short, 'Client ID')).toBe('Client ID is required');
    const tooShort = { field: 'name', message: 'name must be longer than or equal to 2 characters' };
    expect(inFormWords(tooShort, 'Connection name')).toBe('Connection name must be at least 2 characters');
    const long = { field: 'name', message: 'name must be shorter than or equal to 80 characters' };
    expect(inFormWords(long, 'Connection name')).toBe('Connection name must be at most 80 characters');
    expect(inFormWords({ field: 'name', message: 'name should not be empty' }, 'Name')).toBe(
      'Name is required',
    );
  });

  it('puts the label before a rule the API wrote without the field, and before a sentence of its own', () => {
    expect(inFormWords({ field: 'email', message: 'must be an email address' }, 'Email')).toBe(
      'Email must be an email address',
    );
    expect(inFormWords({ field: 'url', message: 'Only http and https URLs are allowed' }, 'URL')).toBe(
      'URL: Only http and https URLs are allowed',
    );
  });

  it("names a nested or listed field by its label, and one without a label by the API's name in words", () => {
    const tab = { field: 'docTabs.0.key', message: 'key must be shorter than or equal to 40 characters' };
    expect(inFormWords(tab, 'Tab 1 key')).toBe('Tab 1 key must be at most 40 characters');
    const ideas = { field: 'deliversIdeaIds', message: 'each value in deliversIdeaIds must be a UUID' };
    expect(inFormWords(ideas, 'Delivered ideas')).toBe('Delivered ideas: each must be an id (a UUID)');
    const unlabelled = { field: 'organizationId', message: 'organizationId should not be empty' };
    expect(inFormWords(unlabelled)).toBe('Organization id is required');
    expect(fieldName('docTabs.1.title')).toBe('Doc tabs');
  });
});
