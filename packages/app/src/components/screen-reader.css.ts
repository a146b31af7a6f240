import { style, type StyleRule } from '@vanilla-extract/css';

/** The rules that take an element off the screen but leave it to screen readers (also for use under a media query). */
export const srOnlyRules = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} satisfies StyleRule;

/** Read by screen readers only: text that says in words what the screen shows by place or shape. */
export const srOnly = style(srOnlyRules);
