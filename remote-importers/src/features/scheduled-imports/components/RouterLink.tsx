import Typography from 'antd/es/typography';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router-dom';

interface Props {
  to: string;
  children: ReactNode;
  'aria-label'?: string;
  title?: string;
}

/** An antd-styled link that navigates inside the router (a real href for new tabs too). */
export function RouterLink({ to, children, ...rest }: Props) {
  const navigate = useNavigate();
  const href = useHref(to);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <Typography.Link href={href} onClick={onClick} {...rest}>
      {children}
    </Typography.Link>
  );
}
