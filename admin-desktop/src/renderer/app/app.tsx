import { lazy } from 'react';
import {
  createBrowserRouter,
  createRoutesFromElements,
  Navigate,
  Route,
  RouterProvider,
} from 'react-router-dom';
import { DialogHost } from '../components/dialog-host';
import { Toaster } from '../components/toaster';
import { paths } from '../config/paths';
import { LoginPage } from '../features/auth/login-page';
import { LogoutPage } from '../features/auth/logout-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { AdminLayout } from './admin-layout';
import { AppProviders } from './providers';
import { RequireAdmin } from './require-admin';

/** Screens load on first use: a small first download, and a fast start for the desktop window. */
const ReportsPage = lazy(() =>
  import('../features/reports/reports-page').then((m) => ({ default: m.ReportsPage })),
);
const BulkUploadPage = lazy(() =>
  import('../features/bulk-upload/bulk-upload-page').then((m) => ({ default: m.BulkUploadPage })),
);
const CatalogCsvPage = lazy(() =>
  import('../features/catalog-csv/catalog-csv-page').then((m) => ({ default: m.CatalogCsvPage })),
);
const CategoryFormPage = lazy(() =>
  import('../features/categories/category-form-page').then((m) => ({ default: m.CategoryFormPage })),
);
const CategoryListPage = lazy(() =>
  import('../features/categories/category-list-page').then((m) => ({ default: m.CategoryListPage })),
);
const ColorFormPage = lazy(() =>
  import('../features/colors/color-form-page').then((m) => ({ default: m.ColorFormPage })),
);
const ColorListPage = lazy(() =>
  import('../features/colors/color-list-page').then((m) => ({ default: m.ColorListPage })),
);
const CodPage = lazy(() => import('../features/cod/cod-page').then((m) => ({ default: m.CodPage })));
const StockAlertsPage = lazy(() =>
  import('../features/stock-alerts/stock-alerts-page').then((m) => ({ default: m.StockAlertsPage })),
);
const ReviewsPage = lazy(() =>
  import('../features/reviews/reviews-page').then((m) => ({ default: m.ReviewsPage })),
);
const DiscountFormPage = lazy(() =>
  import('../features/discounts/discount-form-page').then((m) => ({ default: m.DiscountFormPage })),
);
const DiscountListPage = lazy(() =>
  import('../features/discounts/discount-list-page').then((m) => ({ default: m.DiscountListPage })),
);
const HistoryPage = lazy(() =>
  import('../features/history/history-page').then((m) => ({ default: m.HistoryPage })),
);
const AccountPage = lazy(() =>
  import('../features/account/account-page').then((m) => ({ default: m.AccountPage })),
);
const OrderDetailPage = lazy(() =>
  import('../features/orders/order-detail-page').then((m) => ({ default: m.OrderDetailPage })),
);
const OrderListPage = lazy(() =>
  import('../features/orders/order-list-page').then((m) => ({ default: m.OrderListPage })),
);
const ReturnDetailPage = lazy(() =>
  import('../features/returns/return-detail-page').then((m) => ({ default: m.ReturnDetailPage })),
);
const ReturnsListPage = lazy(() =>
  import('../features/returns/returns-list-page').then((m) => ({ default: m.ReturnsListPage })),
);
const ProductFormPage = lazy(() =>
  import('../features/products/product-form-page').then((m) => ({ default: m.ProductFormPage })),
);
const ProductImagesPage = lazy(() =>
  import('../features/products/product-images-page').then((m) => ({ default: m.ProductImagesPage })),
);
const ProductListPage = lazy(() =>
  import('../features/products/product-list-page').then((m) => ({ default: m.ProductListPage })),
);
const TaxSettingsPage = lazy(() =>
  import('../features/tax/tax-settings-page').then((m) => ({ default: m.TaxSettingsPage })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage })),
);
const ShippingPage = lazy(() =>
  import('../features/shipping/shipping-page').then((m) => ({ default: m.ShippingPage })),
);
const StaffPage = lazy(() => import('../features/staff/staff-page').then((m) => ({ default: m.StaffPage })));
const CustomerPage = lazy(() =>
  import('../features/users/customer-page').then((m) => ({ default: m.CustomerPage })),
);
const UserListPage = lazy(() =>
  import('../features/users/user-list-page').then((m) => ({ default: m.UserListPage })),
);

/**
 * Every screen. A data router (not <BrowserRouter>) so that a form with unsaved changes can hold a navigation
 * until staff answer (useBlocker, see lib/unsaved-changes.ts).
 */
const routes = createRoutesFromElements(
  <>
    <Route path={paths.login} element={<LoginPage />} />
    <Route path={paths.logout} element={<LogoutPage />} />
    <Route path={paths.logoutEverywhere} element={<LogoutPage everywhere />} />
    {/* The first release's header links point here: old links and bookmarks still land. */}
    <Route path="/dashboard" element={<Navigate to={paths.dashboard} replace />} />
    <Route path="/users" element={<Navigate to={paths.users} replace />} />
    <Route path="/settings" element={<Navigate to={paths.settings} replace />} />
    <Route
      path="/admin"
      element={
        <RequireAdmin>
          <AdminLayout />
        </RequireAdmin>
      }
    >
      <Route index element={<DashboardPage />} />
      <Route path="category" element={<CategoryListPage />} />
      <Route path="category/add" element={<CategoryFormPage />} />
      <Route path="category/edit/:categoryId" element={<CategoryFormPage />} />
      <Route path="color" element={<ColorListPage />} />
      <Route path="color/add" element={<ColorFormPage />} />
      <Route path="color/edit/:colorId" element={<ColorFormPage />} />
      <Route path="product" element={<ProductListPage />} />
      <Route path="product/add" element={<ProductFormPage />} />
      <Route path="product/edit/:productId" element={<ProductFormPage />} />
      <Route path="product/multiple/:productId" element={<ProductImagesPage />} />
      <Route path="orders" element={<OrderListPage />} />
      <Route path="orders/:orderId" element={<OrderDetailPage />} />
      <Route path="returns" element={<ReturnsListPage />} />
      <Route path="returns/:returnId" element={<ReturnDetailPage />} />
      <Route path="users" element={<UserListPage />} />
      <Route path="settings" element={<SettingsPage />} />
      <Route path="tax" element={<TaxSettingsPage />} />
      <Route path="shipping" element={<ShippingPage />} />
      <Route path="bulk-upload" element={<BulkUploadPage />} />
      <Route path="staff" element={<StaffPage />} />
      <Route path="catalog-csv" element={<CatalogCsvPage />} />
      <Route path="users/:id" element={<CustomerPage />} />
      <Route path="history" element={<HistoryPage />} />
      <Route path="reviews" element={<ReviewsPage />} />
      <Route path="stock-alerts" element={<StockAlertsPage />} />
      <Route path="discounts" element={<DiscountListPage />} />
      <Route path="discounts/add" element={<DiscountFormPage />} />
      <Route path="discounts/edit/:discountId" element={<DiscountFormPage />} />
      <Route path="reports" element={<ReportsPage />} />
      <Route path="cod" element={<CodPage />} />
      <Route path="account" element={<AccountPage />} />
      <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
    </Route>
    <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
  </>,
);

let router: ReturnType<typeof createBrowserRouter> | null = null;
/** Made on first render, after main.tsx has rewritten old #/ addresses; one per window. */
const appRouter = () => {
  router ??= createBrowserRouter(routes);
  return router;
};

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={appRouter()} />
      <DialogHost />
      <Toaster />
    </AppProviders>
  );
}
