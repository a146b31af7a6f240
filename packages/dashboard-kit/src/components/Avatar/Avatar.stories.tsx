/**
 * Avatar: a picture with initials as the fallback.
 *
 * Usage: `<Avatar><AvatarImage src={url} alt="" /><AvatarFallback>{getInitials(name)}</AvatarFallback></Avatar>`.
 * Use an empty `alt` when the name is written next to the avatar, the person's name otherwise.
 * The fallback shows until the image loads, and stays when it fails or there is none.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { BothThemes, Caption, PhoneFrame, Row, Stack } from '../../stories/StoryLayout';
import { Avatar, AvatarFallback, AvatarImage, type AvatarShape, type AvatarSize } from './Avatar';

export default {
  title: 'Primitives / Avatar',
} satisfies StoryDefault;

/** A self-contained picture, so the stories need no network. */
const picture = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#3b5bdb"/><circle cx="32" cy="25" r="11" fill="#dbe4ff"/><path d="M12 60a20 20 0 0 1 40 0z" fill="#dbe4ff"/></svg>',
)}`;

const sizes: AvatarSize[] = ['sm', 'md', 'lg'];
const shapes: AvatarShape[] = ['circle', 'square'];

function Gallery() {
  return (
    <Stack>
      {shapes.map((shape) => (
        <Row key={shape}>
          {sizes.map((size) => (
            <Avatar key={size} size={size} shape={shape}>
              <AvatarFallback>JD</AvatarFallback>
            </Avatar>
          ))}
          {sizes.map((size) => (
            <Avatar key={`image-${size}`} size={size} shape={shape}>
              <AvatarImage src={picture} alt="Jane Doe" />
              <AvatarFallback>JD</AvatarFallback>
            </Avatar>
          ))}
        </Row>
      ))}
    </Stack>
  );
}

export const Initials: Story = () => (
  <Avatar>
    <AvatarFallback>JD</AvatarFallback>
  </Avatar>
);

export const WithImage: Story = () => (
  <Avatar size="lg">
    <AvatarImage src={picture} alt="Jane Doe" />
    <AvatarFallback>JD</AvatarFallback>
  </Avatar>
);

export const BrokenImage: Story = () => (
  <Stack>
    <Caption>The image fails to load, so the initials stay</Caption>
    <Avatar size="lg">
      <AvatarImage src="/does-not-exist.png" alt="Jane Doe" />
      <AvatarFallback>JD</AvatarFallback>
    </Avatar>
  </Stack>
);

export const NoName: Story = () => (
  <Avatar>
    <AvatarFallback>?</AvatarFallback>
  </Avatar>
);

export const SizesAndShapes: Story = () => <Gallery />;

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <Gallery />
  </BothThemes>
);

export const Phone: Story = () => (
  <PhoneFrame>
    <Gallery />
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };
