import { renderHook } from '@testing-library/react';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MOBILE_MEDIA_QUERY } from '../theme/tokens';
import { mockMatchMedia } from '../test/matchMedia';
import { useIsMobile } from './useIsMobile';

function Probe() {
  return <span>{useIsMobile() ? 'mobile' : 'desktop'}</span>;
}

describe('given useIsMobile', () => {
  let media: ReturnType<typeof mockMatchMedia> | undefined;
  afterEach(() => media?.restore());

  describe('when the viewport matches the mobile query', () => {
    it('should report mobile on the very first render', () => {
      media = mockMatchMedia({ [MOBILE_MEDIA_QUERY]: true });
      expect(renderHook(() => useIsMobile()).result.current).toBe(true);
    });
  });

  describe('when the viewport is wider than the breakpoint', () => {
    it('should report desktop', () => {
      media = mockMatchMedia({ [MOBILE_MEDIA_QUERY]: false });
      expect(renderHook(() => useIsMobile()).result.current).toBe(false);
    });
  });

  describe('after the window is resized across the breakpoint', () => {
    it('should follow the new width, and stop listening once unmounted', () => {
      media = mockMatchMedia({ [MOBILE_MEDIA_QUERY]: false });
      const { result, unmount } = renderHook(() => useIsMobile());
      act(() => media?.set(MOBILE_MEDIA_QUERY, true));
      expect(result.current).toBe(true);
      act(() => media?.set(MOBILE_MEDIA_QUERY, false));
      expect(result.current).toBe(false);
      unmount();
      expect(media.listenerCount(MOBILE_MEDIA_QUERY)).toBe(0);
    });
  });

  describe('when rendered on the server', () => {
    it('should report desktop without asking for the viewport', () => {
      media = mockMatchMedia({ [MOBILE_MEDIA_QUERY]: true });
      const matchMedia = vi.spyOn(window, 'matchMedia');
      expect(renderToString(<Probe />)).toContain('desktop');
      expect(matchMedia).not.toHaveBeenCalled();
      matchMedia.mockRestore();
    });
  });
});
