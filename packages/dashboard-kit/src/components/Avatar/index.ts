export {
  Avatar,
  AvatarFallback,
  AvatarImage,
  type AvatarFallbackProps,
  type AvatarImageProps,
  type AvatarProps,
  type AvatarShape,
  type AvatarSize,
} from './Avatar';
