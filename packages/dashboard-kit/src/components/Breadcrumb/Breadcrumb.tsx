import { Slot } from '@radix-ui/react-slot';
import { clsx } from 'clsx';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { ChevronRightIcon } from '../../icons/ChevronRightIcon';
import * as styles from './Breadcrumb.css';

export type BreadcrumbProps = ComponentPropsWithoutRef<'nav'>;

/** The landmark around a trail of links, named "breadcrumb" unless given another `aria-label`. */
export const Breadcrumb = forwardRef<HTMLElement, BreadcrumbProps>(function Breadcrumb(
  { className, 'aria-label': label = 'breadcrumb', ...rest },
  ref,
) {
  return (
    <nav ref={ref} aria-label={label} data-slot="breadcrumb" className={clsx(styles.breadcrumb, className)} {...rest} />
  );
});

export type BreadcrumbListProps = ComponentPropsWithoutRef<'ol'>;

/** The ordered trail, from the top level down to the current page. */
export const BreadcrumbList = forwardRef<HTMLOListElement, BreadcrumbListProps>(function BreadcrumbList(
  { className, ...rest },
  ref,
) {
  return <ol ref={ref} data-slot="breadcrumb-list" className={clsx(styles.list, className)} {...rest} />;
});

export type BreadcrumbItemProps = ComponentPropsWithoutRef<'li'>;

/** One step of the trail; holds a `BreadcrumbLink` or the `BreadcrumbPage`. */
export const BreadcrumbItem = forwardRef<HTMLLIElement, BreadcrumbItemProps>(function BreadcrumbItem(
  { className, ...rest },
  ref,
) {
  return <li ref={ref} data-slot="breadcrumb-item" className={clsx(styles.item, className)} {...rest} />;
});

export interface BreadcrumbLinkProps extends ComponentPropsWithoutRef<'a'> {
  /** Render the single child (a router `Link`) with the link's styles. */
  asChild?: boolean;
}

/** A step the user can go back to. */
export const BreadcrumbLink = forwardRef<HTMLAnchorElement, BreadcrumbLinkProps>(function BreadcrumbLink(
  { asChild = false, className, ...rest },
  ref,
) {
  const Comp = asChild ? Slot : 'a';
  return <Comp ref={ref} data-slot="breadcrumb-link" className={clsx(styles.link, className)} {...rest} />;
});

export type BreadcrumbPageProps = ComponentPropsWithoutRef<'span'>;

/** The current page: plain text marked `aria-current="page"`, not a link. */
export const BreadcrumbPage = forwardRef<HTMLSpanElement, BreadcrumbPageProps>(function BreadcrumbPage(
  { className, ...rest },
  ref,
) {
  return (
    <span
      ref={ref}
      aria-current="page"
      data-slot="breadcrumb-page"
      className={clsx(styles.page, className)}
      {...rest}
    />
  );
});

export type BreadcrumbSeparatorProps = ComponentPropsWithoutRef<'li'>;

/** The mark between steps (a chevron unless given children); hidden from assistive technology. */
export const BreadcrumbSeparator = forwardRef<HTMLLIElement, BreadcrumbSeparatorProps>(function BreadcrumbSeparator(
  { className, children, ...rest },
  ref,
) {
  return (
    <li
      ref={ref}
      aria-hidden="true"
      data-slot="breadcrumb-separator"
      className={clsx(styles.separator, className)}
      {...rest}
    >
      {children ?? <ChevronRightIcon size={14} />}
    </li>
  );
});
