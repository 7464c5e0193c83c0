import { Outlet } from 'react-router';
import { PublicFrame } from './public-frame';

/** Home layout: no toolbar, no menu; the footer shows support hours, phone and e-mail. */
export default function HomeLayout() {
  return (
    <PublicFrame variant="home">
      <Outlet />
    </PublicFrame>
  );
}
