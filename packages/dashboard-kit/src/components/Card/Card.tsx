import { Slot } from '@radix-ui/react-slot';
import { clsx } from 'clsx';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import * as styles from './Card.css';

export type CardProps = ComponentPropsWithoutRef<'div'>;

/** A bordered surface that groups one topic: header, content, footer. */
export const Card = forwardRef<HTMLDivElement, CardProps>(function Card({ className, ...rest }, ref) {
  return <div ref={ref} data-slot="card" className={clsx(styles.card, className)} {...rest} />;
});

export type CardHeaderProps = ComponentPropsWithoutRef<'div'>;

export const CardHeader = forwardRef<HTMLDivElement, CardHeaderProps>(function CardHeader({ className, ...rest }, ref) {
  return <div ref={ref} data-slot="card-header" className={clsx(styles.header, className)} {...rest} />;
});

export interface CardTitleProps extends ComponentPropsWithoutRef<'h3'> {
  /** Render the single child instead, to pick the heading level that fits the page (`<h2>`...). */
  asChild?: boolean;
}

/** The card's heading: an `<h3>` unless `asChild` supplies another level. */
export const CardTitle = forwardRef<HTMLHeadingElement, CardTitleProps>(function CardTitle(
  { asChild = false, className, ...rest },
  ref,
) {
  const Comp = asChild ? Slot : 'h3';
  return <Comp ref={ref} data-slot="card-title" className={clsx(styles.title, className)} {...rest} />;
});

export type CardDescriptionProps = ComponentPropsWithoutRef<'p'>;

export const CardDescription = forwardRef<HTMLParagraphElement, CardDescriptionProps>(function CardDescription(
  { className, ...rest },
  ref,
) {
  return <p ref={ref} data-slot="card-description" className={clsx(styles.description, className)} {...rest} />;
});

export type CardContentProps = ComponentPropsWithoutRef<'div'>;

export const CardContent = forwardRef<HTMLDivElement, CardContentProps>(function CardContent(
  { className, ...rest },
  ref,
) {
  return <div ref={ref} data-slot="card-content" className={clsx(styles.content, className)} {...rest} />;
});

export type CardFooterProps = ComponentPropsWithoutRef<'div'>;

/** Actions for the card, laid out in a row that wraps on narrow screens. */
export const CardFooter = forwardRef<HTMLDivElement, CardFooterProps>(function CardFooter({ className, ...rest }, ref) {
  return <div ref={ref} data-slot="card-footer" className={clsx(styles.footer, className)} {...rest} />;
});
