// Async boundary: shared modules (react, antd, shared …) are negotiated before bootstrap runs.
import('./bootstrap');
