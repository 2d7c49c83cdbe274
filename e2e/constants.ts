/** The admin account created in every e2e database. */
export const E2E_ADMIN_EMAIL = 'admin@voltcart.test';
export const E2E_ADMIN_PASSWORD = 'Voltcart-e2e-admin-1';
/** Products in the deterministic e2e catalogue (seedCatalog makes the same ones every run). */
export const E2E_PRODUCTS = 40;
