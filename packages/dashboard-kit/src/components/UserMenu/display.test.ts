import { describe, expect, it } from 'vitest';
import { getDisplayName, getInitials } from './display';

describe('given getDisplayName', () => {
  describe('when the user has a name', () => {
    it('should return it without surrounding spaces', () => {
      expect(getDisplayName('  Jane Doe ')).toBe('Jane Doe');
    });
  });

  describe('when the name is missing, empty or blank', () => {
    it.each([undefined, null, '', '   '])('should fall back to "Guest" for %j', (name) => {
      expect(getDisplayName(name)).toBe('Guest');
    });
  });
});

describe('given getInitials', () => {
  describe('when the name has two words', () => {
    it('should take the first letter of each, upper-cased', () => {
      expect(getInitials('jane doe')).toBe('JD');
    });
  });

  describe('when the name has more than two words', () => {
    it('should use only the first two words', () => {
      expect(getInitials('Mary Ann Smith')).toBe('MA');
    });
  });

  describe('when the words are separated by several spaces or tabs', () => {
    it('should still find the first two words', () => {
      expect(getInitials('  Jane \t  Doe  ')).toBe('JD');
    });
  });

  describe('when the name is one word', () => {
    it('should take its first two letters, upper-cased', () => {
      expect(getInitials('satoshi')).toBe('SA');
    });
  });

  describe('when the one word is a single letter', () => {
    it('should return that letter', () => {
      expect(getInitials('q')).toBe('Q');
    });
  });

  describe('when the name is missing, empty or blank', () => {
    it.each([undefined, null, '', '   '])('should return "?" for %j', (name) => {
      expect(getInitials(name)).toBe('?');
    });
  });

  describe('when a word starts with a character outside the basic plane', () => {
    it('should keep that character whole', () => {
      expect(getInitials('𝓐lice 𝓑ob')).toBe('𝓐𝓑');
    });
  });

  describe('when the name uses accented letters', () => {
    it('should upper-case them', () => {
      expect(getInitials('élodie ørsted')).toBe('ÉØ');
    });
  });
});
