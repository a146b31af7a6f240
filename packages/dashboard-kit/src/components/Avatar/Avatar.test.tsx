import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { itConforms } from '../../test/conformance';
import { Avatar, AvatarFallback, AvatarImage } from './Avatar';

/** jsdom never loads images; this makes every image report itself loaded. */
function imagesLoad() {
  vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
  vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(64);
}
afterEach(() => vi.restoreAllMocks());

itConforms('Avatar', {
  render: (props) => (
    <Avatar {...props}>
      <AvatarFallback>JD</AvatarFallback>
    </Avatar>
  ),
  refType: HTMLSpanElement,
});

itConforms('AvatarFallback', {
  render: (props) => (
    <Avatar>
      <AvatarFallback {...props}>JD</AvatarFallback>
    </Avatar>
  ),
  refType: HTMLSpanElement,
});

itConforms('AvatarImage', {
  render: (props) => {
    imagesLoad();
    return (
      <Avatar>
        <AvatarImage src="/jane.png" alt="Jane Doe" {...props} />
      </Avatar>
    );
  },
  refType: HTMLImageElement,
});

describe('given an Avatar with no image', () => {
  describe('when it is rendered', () => {
    it('should show the initials', () => {
      render(
        <Avatar>
          <AvatarImage alt="Jane Doe" />
          <AvatarFallback>JD</AvatarFallback>
        </Avatar>,
      );
      expect(screen.getByText('JD')).toBeVisible();
      expect(screen.queryByRole('img')).not.toBeInTheDocument();
    });
  });
});

describe('given an Avatar whose image loads', () => {
  describe('when it is rendered', () => {
    it('should show the picture by its alt text instead of the initials', () => {
      imagesLoad();
      render(
        <Avatar>
          <AvatarImage src="/jane.png" alt="Jane Doe" />
          <AvatarFallback>JD</AvatarFallback>
        </Avatar>,
      );
      expect(screen.getByRole('img', { name: 'Jane Doe' })).toHaveAttribute('src', '/jane.png');
      expect(screen.queryByText('JD')).not.toBeInTheDocument();
    });
  });
});

describe('given an Avatar whose image has not loaded yet', () => {
  describe('when it is rendered', () => {
    it('should keep showing the initials', () => {
      render(
        <Avatar>
          <AvatarImage src="/slow.png" alt="Jane Doe" />
          <AvatarFallback>JD</AvatarFallback>
        </Avatar>,
      );
      expect(screen.getByText('JD')).toBeVisible();
    });
  });
});

describe('given a size and a shape', () => {
  describe('when it is rendered', () => {
    it('should expose them', () => {
      render(
        <Avatar size="lg" shape="square" data-testid="avatar">
          <AvatarFallback>JD</AvatarFallback>
        </Avatar>,
      );
      expect(screen.getByTestId('avatar')).toHaveAttribute('data-size', 'lg');
      expect(screen.getByTestId('avatar')).toHaveAttribute('data-shape', 'square');
    });
  });
});
