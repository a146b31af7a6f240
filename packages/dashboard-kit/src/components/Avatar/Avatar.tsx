import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { clsx } from 'clsx';
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import * as styles from './Avatar.css';

export type AvatarSize = NonNullable<styles.AvatarVariants['size']>;
export type AvatarShape = NonNullable<styles.AvatarVariants['shape']>;

export interface AvatarProps extends ComponentPropsWithoutRef<typeof AvatarPrimitive.Root> {
  size?: AvatarSize;
  /** `circle` for people in content, `square` (rounded) beside text in menus and sidebars. */
  shape?: AvatarShape;
}

/** A picture of a person or account, with a fallback (initials) until or unless the image loads. */
export const Avatar = forwardRef<ComponentRef<typeof AvatarPrimitive.Root>, AvatarProps>(function Avatar(
  { size = 'md', shape = 'circle', className, ...rest },
  ref,
) {
  return (
    <AvatarPrimitive.Root
      ref={ref}
      data-slot="avatar"
      data-size={size}
      data-shape={shape}
      className={clsx(styles.avatar({ size, shape }), className)}
      {...rest}
    />
  );
});

export type AvatarImageProps = ComponentPropsWithoutRef<typeof AvatarPrimitive.Image>;

/** The picture. Shown only once it has loaded; give it an `alt` (empty when the name is beside it). */
export const AvatarImage = forwardRef<ComponentRef<typeof AvatarPrimitive.Image>, AvatarImageProps>(
  function AvatarImage({ className, ...rest }, ref) {
    return (
      <AvatarPrimitive.Image ref={ref} data-slot="avatar-image" className={clsx(styles.image, className)} {...rest} />
    );
  },
);

export type AvatarFallbackProps = ComponentPropsWithoutRef<typeof AvatarPrimitive.Fallback>;

/** Shown while the image loads or when it fails or is missing: usually initials. */
export const AvatarFallback = forwardRef<ComponentRef<typeof AvatarPrimitive.Fallback>, AvatarFallbackProps>(
  function AvatarFallback({ className, ...rest }, ref) {
    return (
      <AvatarPrimitive.Fallback
        ref={ref}
        data-slot="avatar-fallback"
        className={clsx(styles.fallback, className)}
        {...rest}
      />
    );
  },
);
