import { Outlet } from 'react-router';
import { PublicFrame } from './public-frame';

/** Bonus layout: the public header over a promotional page, with a copyright footer. */
export default function BonusLayout() {
  return (
    <PublicFrame variant="bonus">
      <Outlet />
    </PublicFrame>
  );
}
